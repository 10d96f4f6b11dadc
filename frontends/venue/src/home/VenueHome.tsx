import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@seatside/ui';
import { hasTenantRole, useMe } from '@seatside/ui/src/auth';
import { usePageTitle } from '@seatside/ui/src/title';
import { useAlerts } from '@seatside/ui/src/alerts-antd';
import { moveItem, SEARCH_MIN, venueApi, type FoundMerchant, type LinkedMerchant } from './api';
import { homeMessages as m } from './messages';
import './styles';

const home = (venueId: string) => `/dashboard/venues/${encodeURIComponent(venueId)}`;
const editPath = (venueId: string, merchantId: string) => `${home(venueId)}/edit?merchantId=${encodeURIComponent(merchantId)}`;

function MerchantIcon({ merchant }: { merchant: Pick<LinkedMerchant, 'icon' | 'name'> }) {
  return <span className="vh-icon">{merchant.icon ? <img src={merchant.icon} alt="" /> : (merchant.name.trim()[0] ?? '?').toUpperCase()}</span>;
}

type Linked = { data: LinkedMerchant[]; pending: LinkedMerchant[] };

/**
 * Linking, unlinking and ordering the merchants are the venue admins' (the server refuses a team
 * member), so a team member is shown the list as it is, without controls that could only fail.
 */
function useManages(venueId: string): boolean {
  const { me } = useMe();
  return !!me && hasTenantRole(me, 'venues', venueId, 'admin');
}

function useLinked(venueId: string) {
  const [linked, setLinked] = useState<Linked | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    venueApi.linked(venueId, controller.signal).then(
      (list) => !controller.signal.aborted && setLinked(list),
      (err: unknown) => !controller.signal.aborted && setError(err),
    );
    return () => controller.abort();
  }, [venueId, version]);
  return { linked, setLinked, error, reload: () => setVersion((v) => v + 1) };
}

/** Link Merchant: searches once the text has more than 2 characters; a result opens its detail. */
function LinkMerchantSearch({ venueId }: { venueId: string }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<FoundMerchant[] | undefined>(undefined);
  // A search that failed says why (it found nothing is something else).
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const query = q.trim();
  useEffect(() => {
    setFailure(undefined);
    if (query.length < SEARCH_MIN) return setFound(undefined);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      venueApi.search(venueId, query, controller.signal).then(
        (res) => !controller.signal.aborted && setFound(res.data),
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setFound(undefined);
          setFailure(errorMessage(err));
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [venueId, query]);
  return (
    <section className="vh" aria-labelledby="vh-link">
      <h2 id="vh-link">{m.linkMerchant}</h2>
      <input className="vh-search" type="search" aria-label={m.linkMerchant} placeholder={m.searchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} data-testid="link-merchant-search" />
      {query.length < SEARCH_MIN ? (
        <p className="vh-hint">{m.searchHint}</p>
      ) : failure !== undefined ? (
        <p role="alert" className="vh-hint">
          {failure}
        </p>
      ) : found === undefined ? (
        <p className="vh-hint">{m.loading}</p>
      ) : found.length === 0 ? (
        <p className="vh-hint">{m.noMatches}</p>
      ) : (
        <ul className="vh-list" data-testid="link-merchant-results">
          {found.map((merchant) => (
            <li key={merchant.id} className="vh-row">
              <MerchantIcon merchant={merchant} />
              <Link to={editPath(venueId, merchant.id)} state={{ merchant }}>
                {merchant.name}
              </Link>
              <span className="vh-badge">{merchant.linked ? m.linked : merchant.pending ? m.pending : m.notLinked}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The linked merchants in the venue's order. Drag a row (or use its arrows) to move it: the list
 * changes at once and the new order is saved (seed 002 §4). A refused save puts the old order back
 * and reads the list again: the server refuses an order of a list that changed meanwhile (a
 * merchant accepted the venue's request, another admin linked one), and only the new list can be
 * ordered.
 */
function LinkedList({ venueId, linked, onChange, onStale }: { venueId: string; linked: LinkedMerchant[]; onChange: (next: LinkedMerchant[]) => void; onStale: () => void }) {
  const manages = useManages(venueId);
  const alerts = useAlerts();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // The arrow a keyboard user pressed: the focus follows the merchant it moved (to its other arrow once this one is disabled, at either end).
  const [moved, setMoved] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const arrows = (direction: string) => list.current?.querySelector<HTMLButtonElement>(`button[data-merchant="${CSS.escape(moved.id)}"][data-move="${direction}"]`);
    const pressed = arrows(moved.direction);
    (pressed && !pressed.disabled ? pressed : arrows(moved.direction === 'up' ? 'down' : 'up'))?.focus();
    setMoved(null);
  }, [moved, linked]);
  const move = (index: number, direction: 'up' | 'down') => {
    const merchant = linked[index];
    if (!merchant) return;
    save(index, direction === 'up' ? index - 1 : index + 1);
    setMoved({ id: merchant.id, direction });
  };
  const save = (from: number, to: number) => {
    if (from === to) return;
    const before = linked;
    const next = moveItem(linked, from, to);
    onChange(next);
    venueApi.reorder(venueId, next.map((merchant) => merchant.id)).then(
      (res) => alerts.success(res.message),
      (err: unknown) => {
        onChange(before);
        alerts.error(errorMessage(err));
        onStale();
      },
    );
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) save(dragging, to);
    setDragging(null);
    setOver(null);
  };
  if (linked.length === 0) return <p className="vh-hint">{manages ? m.empty : m.emptyReadOnly}</p>;
  if (!manages) {
    return (
      <ol className="vh-list" data-testid="linked-merchants">
        {linked.map((merchant) => (
          <li key={merchant.id} className="vh-row" data-testid="linked-merchant">
            <MerchantIcon merchant={merchant} />
            <Link to={editPath(venueId, merchant.id)} state={{ merchant }}>
              {merchant.name}
            </Link>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <>
      <p className="vh-hint">{m.dragHint}</p>
      <ol className="vh-list" data-testid="linked-merchants" ref={list}>
        {linked.map((merchant, index) => (
          <li
            key={merchant.id}
            className={['vh-row', dragging === index && 'vh-dragging', over === index && dragging !== index && 'vh-over'].filter(Boolean).join(' ')}
            draggable
            data-testid="linked-merchant"
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', merchant.id);
              setDragging(index);
            }}
            onDragEnter={() => setOver(index)}
            onDragOver={(event) => event.preventDefault()}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDrop={(event) => drop(event, index)}
          >
            <span className="vh-grip" aria-hidden>
              ⋮⋮
            </span>
            <MerchantIcon merchant={merchant} />
            <Link to={editPath(venueId, merchant.id)} state={{ merchant }}>
              {merchant.name}
            </Link>
            <button type="button" className="vh-btn vh-btn-icon" aria-label={`${m.moveUp}: ${merchant.name}`} data-merchant={merchant.id} data-move="up" disabled={index === 0} onClick={() => move(index, 'up')}>
              ↑
            </button>
            <button type="button" className="vh-btn vh-btn-icon" aria-label={`${m.moveDown}: ${merchant.name}`} data-merchant={merchant.id} data-move="down" disabled={index === linked.length - 1} onClick={() => move(index, 'down')}>
              ↓
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}

function HomeScreen({ venueId }: { venueId: string }) {
  usePageTitle(m.title);
  const { linked, setLinked, error, reload } = useLinked(venueId);
  const manages = useManages(venueId);
  return (
    <div className="vh">
      <h1>{m.title}</h1>
      {manages && <LinkMerchantSearch venueId={venueId} />}
      {error !== undefined ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : !linked ? (
        <p className="vh-hint">{m.loading}</p>
      ) : (
        <>
          <LinkedList venueId={venueId} linked={linked.data} onChange={(data) => setLinked({ ...linked, data })} onStale={reload} />
          {linked.pending.length > 0 && (
            <section className="vh" aria-labelledby="vh-pending">
              <h2 id="vh-pending">{m.pendingTitle}</h2>
              <ul className="vh-list">
                {linked.pending.map((merchant) => (
                  <li key={merchant.id} className="vh-row">
                    <MerchantIcon merchant={merchant} />
                    <Link to={editPath(venueId, merchant.id)} state={{ merchant }}>
                      {merchant.name}
                    </Link>
                    <span className="vh-badge">{m.pending}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** /edit?merchantId=…: the merchant with Link or Unlink (as it is linked or not) and Close. */
function MerchantDetail({ venueId }: { venueId: string }) {
  const [params] = useSearchParams();
  const merchantId = params.get('merchantId') ?? '';
  const passed = (useLocation().state as { merchant?: LinkedMerchant } | null)?.merchant;
  const navigate = useNavigate();
  const alerts = useAlerts();
  const { linked, setLinked } = useLinked(venueId);
  const manages = useManages(venueId);
  const [busy, setBusy] = useState(false);
  const isLinked = !!linked?.data.some((x) => x.id === merchantId);
  const isPending = !!linked?.pending.some((x) => x.id === merchantId);
  const merchant = linked?.data.find((x) => x.id === merchantId) ?? linked?.pending.find((x) => x.id === merchantId) ?? (passed?.id === merchantId ? passed : undefined);
  usePageTitle(merchant?.name ?? m.merchant);
  // No merchant named (a bare /edit): nothing to link; the venue home is where one is chosen.
  if (!merchantId.trim()) return <Navigate to={home(venueId)} replace />;
  const act = async (action: 'link' | 'unlink') => {
    setBusy(true);
    try {
      const res = await venueApi.link(venueId, merchantId, action);
      alerts.success(res.message);
      // An unlinked merchant leaves both lists: the page keeps who it is (a reload too, through the history state).
      if (merchant) void navigate(editPath(venueId, merchantId), { replace: true, state: { merchant } });
      setLinked(await venueApi.linked(venueId));
    } catch (err) {
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="vh">
      <section className="vh-card" aria-label={m.merchant} data-testid="merchant-detail">
        <div className="vh-card-head">
          {merchant && <MerchantIcon merchant={merchant} />}
          <div>
            <h1>{merchant?.name ?? m.merchant}</h1>
            {merchant?.handle && <p className="vh-hint">/{merchant.handle}</p>}
          </div>
        </div>
        {merchant?.description && <p>{merchant.description}</p>}
        {linked && <span className="vh-badge">{isLinked ? m.linked : isPending ? m.pending : m.notLinked}</span>}
        <div className="vh-actions">
          {linked &&
            manages &&
            (isLinked ? (
              <button type="button" className="vh-btn" disabled={busy} onClick={() => void act('unlink')}>
                {m.unlink}
              </button>
            ) : (
              <button type="button" className="vh-btn vh-btn-primary" disabled={busy} onClick={() => void act('link')}>
                {m.link}
              </button>
            ))}
          <button type="button" className="vh-btn" onClick={() => void navigate(home(venueId))}>
            {m.close}
          </button>
        </div>
      </section>
    </div>
  );
}

/** The venue home (seed 002 §5): `/` the linked merchants with Link Merchant, `/edit` a merchant's detail. */
export default function VenueHome({ venueId }: { venueId: string }) {
  return (
    <Routes>
      <Route index element={<HomeScreen venueId={venueId} />} />
      <Route path="edit" element={<MerchantDetail venueId={venueId} />} />
    </Routes>
  );
}
