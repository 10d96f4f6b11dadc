import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { Link, Outlet, Route, Routes, useNavigate } from 'react-router';
import { UiProvider, useSession } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { errorMessage, listMessages } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { qrDownloadUrl, tagsApi, tagsPage, type Owner, type Tag } from './api';
import { canScanQr, canUseNfc, readNfcSerial, scanQr } from './devices';
import { filterAndSort, qrQuery, serialFromScan } from './domain';
import { countText, tagMessages as m } from './messages';
import { useQrSettings } from './QrCard';
import { ScanDialog } from './ScanDialog';
import { EditTagPanel, NewTagPanel, type PanelContext } from './TagPanels';
import './styles';

type Find = { kind: 'qr' | 'nfc' };

/** Saves tags.zip from the qr-download route (a bearer call, so fetched rather than linked). */
async function downloadAll(owner: Owner, query: string, testMode: boolean): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(qrDownloadUrl(owner, query, testMode), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `Download failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'tags.zip' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * /dashboard/{merchants|venues}/{id}/tags (seed 001 §2): the current mode's tags by name in natural
 * order, searched by name, with find by QR or NFC, Download All and New Tag; the side panel (the
 * child route: none, 'new', or a tag) sits beside it.
 */
function TagsScreen({ owner }: { owner: Owner }) {
  usePageTitle(m.listTitle);
  const testMode = useTestMode((s) => s.testMode);
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [qr] = useQrSettings();
  const [tags, setTags] = useState<Tag[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [version, setVersion] = useState(0);
  const [q, setQ] = useState('');
  const [find, setFind] = useState<Find | null>(null);
  const [downloading, setDownloading] = useState(false);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    tagsApi.list(owner, testMode, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setTags(list);
        setError(undefined);
      },
      (err: unknown) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
  }, [owner.collection, owner.id, testMode, version]);

  // Tags made or removed elsewhere show when the person comes back to the page.
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const shown = useMemo(() => filterAndSort(tags ?? [], q), [tags, q]);
  const context: PanelContext = useMemo(() => ({ owner, reload }), [owner, reload]);

  const open = (code: string) => {
    const tag = (tags ?? []).find((t) => t.code === code) ?? (tags ?? []).find((t) => t.code.toLowerCase() === code.toLowerCase());
    if (tag) void navigate(tagsPage(owner, encodeURIComponent(tag.id)));
    else alerts.error(m.notFound);
  };

  const runFind = async (signal: AbortSignal, video: HTMLVideoElement | null) => {
    try {
      open(find?.kind === 'nfc' ? (await readNfcSerial(signal)).serial : serialFromScan(await scanQr(video, signal)));
    } catch (err) {
      if ((err as { name?: string })?.name !== 'AbortError') alerts.error(errorMessage(err));
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAll(owner, qrQuery(qr), testMode);
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="tg-layout">
      <section className="ls-screen tg-main" aria-labelledby="ls-title" aria-busy={tags === undefined && error === undefined}>
        <div className="ls-head">
          <h1 id="ls-title">{m.listTitle}</h1>
          {testMode && <span className="ls-badge">Sandbox</span>}
        </div>
        <div className="tg-tools">
          <input className="tg-search" type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder={m.search} aria-label={m.search} />
          {canScanQr() && <Button onClick={() => setFind({ kind: 'qr' })}>{m.findByQr}</Button>}
          {canUseNfc() && <Button onClick={() => setFind({ kind: 'nfc' })}>{m.findByNfc}</Button>}
          <Button onClick={() => void download()} loading={downloading}>
            {m.downloadAll}
          </Button>
          <Link className="ls-add" to={tagsPage(owner, 'new')}>
            {m.add}
          </Link>
        </div>
        {error !== undefined ? (
          <p className="tg-empty" role="alert">
            {errorMessage(error)}
          </p>
        ) : tags === undefined ? (
          <p className="tg-empty">{listMessages.loading}</p>
        ) : shown.length === 0 ? (
          <p className="tg-empty">{m.empty}</p>
        ) : (
          <ul className="tg-list" aria-label={m.listTitle}>
            {shown.map((tag) => (
              <li key={tag.id} className="tg-row" data-testid="tag-row">
                <Link to={tagsPage(owner, encodeURIComponent(tag.id))}>{tag.name}</Link>
                {tag.stats && (
                  <span className="tg-row-stats" data-testid="tag-row-stats">
                    {countText(tag.stats.scans, 'scan')} · {countText(tag.stats.orders, 'order')}
                    <span className="tg-sr"> in the last 7 days</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Outlet context={context} />
      {find && <ScanDialog kind={find.kind} run={runFind} onClose={() => setFind(null)} />}
    </div>
  );
}

/** The tag screens under /dashboard/{collection}/{id}/tags: '' (the list), 'new', '{tagId}' and '{tagId}/edit' in the side panel. */
export default function TagsRoutes({ owner }: { owner: Owner }) {
  return (
    <UiProvider>
      <Routes>
        <Route element={<TagsScreen owner={owner} />}>
          <Route index element={null} />
          <Route path="new" element={<NewTagPanel />} />
          <Route path=":tagId" element={<EditTagPanel />} />
          <Route path=":tagId/edit" element={<EditTagPanel />} />
        </Route>
      </Routes>
    </UiProvider>
  );
}
