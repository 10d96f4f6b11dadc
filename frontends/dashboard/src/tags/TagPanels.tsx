import { useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import { ApiError } from '@seatside/ui';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage, Switch, useConfirmDelete } from '@seatside/ui/src/lists';
import { ModeMismatch, useTestMode } from '@seatside/ui/src/mode';
import { publicTagUrl, tagsApi, tagsPage, type Owner, type Tag, type TagDay, type TagInput } from './api';
import { canScanQr, canUseNfc, readNfcSerial, scanQr, writeNfcUrl } from './devices';
import { followingName, incrementMetadata, nameFromMetadata, releaseBusy, serialFromScan } from './domain';
import { MetadataCard, toMetadata, toPairRows, type PairRow } from './MetadataCard';
import { tagMessages as m } from './messages';
import { QrCard } from './QrCard';
import { ScanDialog } from './ScanDialog';
import { StatsBars } from './StatsBars';
import './styles';

/** What the tag list gives its side panel. */
export interface PanelContext {
  owner: Owner;
  /** The list loads again (after a save, an activation or a delete). */
  reload(): void;
}

/** How often an open tag checks that it still exists (deleted elsewhere: back to the list). */
const STILL_THERE_MS = 5_000;

const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === 'AbortError';

type Scan = { kind: 'qr' | 'nfc'; run(signal: AbortSignal, video: HTMLVideoElement | null): Promise<void> };

/** The 400 px side panel (full screen on a phone) beside the list. */
function Panel({ title, owner, children }: { title: string; owner: Owner; children: ReactNode }) {
  return (
    <aside className="tg-panel" aria-labelledby="tg-panel-title" data-testid="tag-panel">
      <div className="tg-panel-head">
        <h2 id="tg-panel-title">{title}</h2>
        <Link to={tagsPage(owner)} aria-label={m.close}>
          ✕
        </Link>
      </div>
      {children}
    </aside>
  );
}

/** A scan or NFC exchange in a dialog; failures (not a cancel) become an error alert. */
function useScan(): [ReactNode, (scan: Scan) => void] {
  const alerts = useAlerts();
  const [scan, setScan] = useState<Scan | null>(null);
  const dialog = scan && (
    <ScanDialog
      kind={scan.kind}
      run={(signal, video) => scan.run(signal, video).catch((error: unknown) => void (isAbort(error) || alerts.error(errorMessage(error))))}
      onClose={() => setScan(null)}
    />
  );
  return [dialog, setScan];
}

/**
 * The Save Tag button's busy state: busy while the save runs and, after one that went through, one more
 * second (seed 001 §9, `releaseBusy`). `run` answers whether the save went through.
 */
function useSaving(): [boolean, (save: () => Promise<boolean>) => Promise<void>] {
  const [saving, setSaving] = useState(false);
  const cancel = useRef<() => void>(() => undefined);
  useEffect(() => () => cancel.current(), []);
  const run = async (save: () => Promise<boolean>) => {
    setSaving(true);
    const saved = await save().catch(() => false);
    cancel.current = releaseBusy(saved, () => setSaving(false));
  };
  return [saving, run];
}

/**
 * /tags/new (seed 001 §2, §5, §7): metadata, the Activation Settings toggle, and Save Tag, Activate
 * Via QR and Activate Via NFC. With 'Increment Values on Activation/Save' on, the form stays after a
 * save and every value goes up for the next tag; otherwise the new tag opens.
 */
export function NewTagPanel() {
  const { owner, reload } = useOutletContext<PanelContext>();
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [rows, setRows] = useState<PairRow[]>([]);
  const [increment, setIncrement] = useState(false);
  const [saving, runSave] = useSaving();
  const [dialog, startScan] = useScan();

  const values = (): TagInput | null => {
    const metadata = toMetadata(rows);
    const name = nameFromMetadata(metadata);
    if (!name) {
      alerts.error(m.nameRequired);
      return null;
    }
    return { name, metadata };
  };

  const created = (id: string, message: string) => {
    alerts.success(message);
    reload();
    if (increment) setRows((current) => incrementMetadata(current));
    else void navigate(tagsPage(owner, encodeURIComponent(id)));
  };

  const save = async () => {
    const input = values();
    if (!input) return;
    await runSave(async () => {
      try {
        created((await tagsApi.create(owner, input, testMode)).id, m.created);
        return true;
      } catch (error) {
        alerts.error(errorMessage(error));
        return false;
      }
    });
  };

  const activateNfc = () => {
    const input = values();
    if (input)
      startScan({
        kind: 'nfc',
        run: async (signal) => {
          const { serial, reader } = await readNfcSerial(signal);
          const answer = await tagsApi.activate(owner, serial, { ...input, nfc: true }, testMode);
          await writeNfcUrl(publicTagUrl(serial), signal, reader);
          created(answer.id, m.activated);
        },
      });
  };

  const activateQr = () => {
    const input = values();
    if (input)
      startScan({
        kind: 'qr',
        run: async (signal, video) => {
          const serial = serialFromScan(await scanQr(video, signal));
          created((await tagsApi.activate(owner, serial, { ...input, nfc: false }, testMode)).id, m.activated);
        },
      });
  };

  return (
    <Panel title={m.newTitle} owner={owner}>
      <MetadataCard rows={rows} onChange={setRows} />
      <section className="tg-card" aria-labelledby="tg-activation-title">
        <h3 id="tg-activation-title">{m.activationSettings}</h3>
        <Switch value={increment} onChange={setIncrement} onText={m.increment} offText={m.increment} />
      </section>
      <div className="tg-actions">
        {canScanQr() && <Button onClick={activateQr}>{m.activateQr}</Button>}
        {canUseNfc() && <Button onClick={activateNfc}>{m.activateNfc}</Button>}
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {m.save}
        </Button>
      </div>
      {dialog}
    </Panel>
  );
}

/** The open tag, checked again every few seconds and on focus: a 404 (deleted elsewhere) goes back to the list. */
function useTag(owner: Owner, tagId: string, gone: () => void): { tag: Tag | null; error: unknown } {
  const [state, setState] = useState<{ tag: Tag | null; error: unknown }>({ tag: null, error: undefined });
  const goneRef = useRef(gone);
  goneRef.current = gone;
  useEffect(() => {
    const controller = new AbortController();
    const check = () =>
      tagsApi.get(owner, tagId, controller.signal).then(
        (tag) => setState((s) => (s.tag ? s : { tag, error: undefined })),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) goneRef.current();
          else setState((s) => (s.tag ? s : { tag: null, error }));
        },
      );
    void check();
    const timer = setInterval(() => void check(), STILL_THERE_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [owner.collection, owner.id, tagId]);
  return state;
}

/** The 30-day series, or nothing while (or when) the stats API does not answer. */
function useStats(owner: Owner, tagId: string): TagDay[] | null {
  const [days, setDays] = useState<TagDay[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    tagsApi.stats(owner, tagId, controller.signal).then(
      (answer) => !controller.signal.aborted && Array.isArray(answer?.days) && setDays(answer.days),
      () => undefined,
    );
    return () => controller.abort();
  }, [owner.collection, owner.id, tagId]);
  return days;
}

function EditForm({ owner, tag, reload }: { owner: Owner; tag: Tag; reload(): void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const [name, setName] = useState(tag.name);
  const [rows, setRows] = useState(() => toPairRows(tag.metadata ?? []));
  const [saving, runSave] = useSaving();
  const [dialog, startScan] = useScan();
  // The version this panel shows: a save is refused (412) when someone else changed the tag meanwhile.
  const version = useRef(tag.version);
  const days = useStats(owner, tag.id);
  const link = publicTagUrl(tag.code);

  const changeMetadata = (next: PairRow[]) => {
    setName((current) => followingName(current, toMetadata(rows), toMetadata(next)));
    setRows(next);
  };

  const save = async () => {
    const metadata = toMetadata(rows);
    const input = { name: name.trim() || nameFromMetadata(metadata), metadata };
    if (!input.name) return alerts.error(m.nameRequired);
    await runSave(async () => {
      try {
        await tagsApi.update(owner, tag.id, input, version.current);
        // A save appends one event to the tag's stream: the version it leaves is the next one.
        if (version.current !== undefined) version.current += 1;
        setName(input.name);
        alerts.success(m.updated);
        reload();
        return true;
      } catch (error) {
        alerts.error(errorMessage(error));
        return false;
      }
    });
  };

  const remove = async () => {
    if (!(await confirmDelete(m.entity))) return;
    try {
      await tagsApi.remove(owner, tag.id);
      alerts.success(m.deleted);
      reload();
      void navigate(tagsPage(owner), { replace: true });
    } catch {
      alerts.error(m.deleteFailed);
    }
  };

  const copy = () =>
    navigator.clipboard?.writeText(link).then(
      () => alerts.success(m.copied),
      (error: unknown) => alerts.error(errorMessage(error)),
    );

  return (
    <>
      <section className="tg-card" aria-labelledby="tg-details-title">
        <h3 id="tg-details-title">{m.details}</h3>
        <label className="tg-field">
          {m.name}
          <input type="text" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <div className="tg-field">
          <span>{m.publicLink}</span>
          <div className="tg-link">
            <a href={link} target="_blank" rel="noreferrer" data-testid="tag-link">
              {link}
            </a>
            <Button onClick={() => void copy()}>
              {m.copy}
              <span className="tg-sr"> {m.publicLink}</span>
            </Button>
          </div>
        </div>
      </section>
      <MetadataCard rows={rows} onChange={changeMetadata} />
      <QrCard code={tag.code} name={name || tag.name} />
      {days && <StatsBars days={days} />}
      <div className="tg-actions">
        <Button danger onClick={() => void remove()} disabled={saving}>
          {m.delete}
        </Button>
        {canUseNfc() && (
          <Button
            onClick={() =>
              startScan({
                kind: 'nfc',
                run: async (signal) => {
                  await writeNfcUrl(link, signal);
                  alerts.success(m.activated);
                },
              })
            }
          >
            {m.activateNfc}
          </Button>
        )}
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {m.save}
        </Button>
      </div>
      {dialog}
    </>
  );
}

/** /tags/{tagId} (and /tags/{tagId}/edit): Tag Details, metadata, the QR Code card, the 30-day series, Delete and Save Tag. */
export function EditTagPanel() {
  const { tagId = '' } = useParams();
  // One panel per tag: moving to another tag starts afresh.
  return <TagEditor key={tagId} tagId={tagId} />;
}

function TagEditor({ tagId }: { tagId: string }) {
  const { owner, reload } = useOutletContext<PanelContext>();
  const testMode = useTestMode((s) => s.testMode);
  const navigate = useNavigate();
  const back = () => {
    reload();
    void navigate(tagsPage(owner), { replace: true });
  };
  const { tag, error } = useTag(owner, tagId, back);
  // Seed 001 §4: a tag of the other mode asks to switch (or go back to the list) before it shows.
  const otherMode = tag !== null && tag.testMode !== testMode;

  return (
    <Panel title={m.editTitle} owner={owner}>
      {error !== undefined ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : tag && !otherMode ? (
        <EditForm key={tag.id} owner={owner} tag={tag} reload={reload} />
      ) : (
        <>
          {otherMode && <ModeMismatch entity="Tag" listPath={tagsPage(owner)} />}
          <p aria-busy="true">Loading…</p>
        </>
      )}
    </Panel>
  );
}
