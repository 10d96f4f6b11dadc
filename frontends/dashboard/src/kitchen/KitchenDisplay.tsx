import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { api, UiProvider } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { RequireTenantRole, useMe } from '@seatside/ui/src/auth';
import { useTestMode, useTestModeOf } from '@seatside/ui/src/mode';
import { ordersApi, type Order, type OrderAction } from '../orders/api';
import { merchantPath } from '../merchant/sections';
import { kitchenMessages as m } from './messages';
import { dueAt, ticketPlace } from './ticket';
import { chime, prepareChime, unlockChime, useChimeState, useClock, useStageIds, useStageOrder, useStageStore, type StageStore } from './useStageOrders';
import './styles';

/**
 * One tap moves a ticket on: a new order is accepted, an accepted one is ready (then it leaves the
 * board). Which of the two the order allows is its `nextActions` (the orders service's table).
 */
export const bumpOf = (order: Pick<Order, 'nextActions'>): OrderAction | null =>
  order.nextActions.includes('accept') ? 'accept' : order.nextActions.includes('ready') ? 'ready' : null;

/** Whole minutes since the order came in. */
export const ageMinutes = (receivedAt: string | number, now: number) =>
  Math.max(0, Math.floor((now - (typeof receivedAt === 'number' ? receivedAt : Date.parse(receivedAt))) / 60_000));


/** '4:00 AM' on the merchant's clock (the browser's when the merchant has no time zone). */
const timeIn = (iso: string, timeZone: string | undefined) => {
  try {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  }
};

/**
 * One ticket. It reads its own order from the store and its age from the shared clock, and keeps its
 * tap's state itself: a bump, a tick or an answer re-renders this ticket alone, never the board. An
 * accepted ticket shows its next step (Ready) at once, while the tap is on its way.
 */
const Ticket = memo(function Ticket({ store, id, preparationTime, timeZone, onBump }: {
  store: StageStore; id: string; preparationTime: number; timeZone?: string; onBump(order: Order, action: OrderAction): Promise<unknown>;
}) {
  const order = useStageOrder(store, id);
  const receivedAt = order ? Date.parse(order.receivedAt) : 0;
  const minutes = useClock((now) => ageMinutes(receivedAt, now));
  const due = order ? dueAt(order, preparationTime) : Infinity;
  const late = useClock((now) => now > due);
  const [pending, setPending] = useState<OrderAction | null>(null);
  const [failed, setFailed] = useState(false);
  if (!order) return null;
  const place = ticketPlace(order);
  const shownStatus = pending === 'accept' ? 'ACCEPTED' : order.status;
  // While the tap is on its way, an accepted ticket shows its next step (accepting leads to ACCEPTED, which allows ready).
  const action = pending === 'accept' ? 'ready' : bumpOf(order);
  const tap = () => {
    const next = bumpOf(order);
    if (!next || pending) return;
    setPending(next);
    setFailed(false);
    onBump(order, next)
      .catch(() => setFailed(true))
      .finally(() => setPending(null));
  };
  return (
    <li className={`kd-ticket${late ? ' kd-late' : ''}${shownStatus === 'ACCEPTED' ? ' kd-accepted' : ''}`} data-testid="kitchen-ticket" data-order-code={order.orderCode}>
      <button type="button" className="kd-bump" disabled={pending !== null || !action} aria-busy={pending !== null} onClick={tap}>
        <span className="kd-head">
          <strong className="kd-code">{order.orderCode}</strong>
          {place.label ? <span className="kd-seat kd-pickup" data-testid="kitchen-label">{place.label}</span> : null}
          {place.location ? <strong className="kd-seat" data-testid="kitchen-seat">{place.location}</strong> : null}
          <span className="kd-age" data-testid="kitchen-age">
            {m.minutes(minutes)}
            {late ? ` · ${m.late}` : ''}
          </span>
        </span>
        {place.scheduledFor ? (
          <strong className="kd-scheduled" data-testid="kitchen-scheduled">
            {m.pickupAt(timeIn(place.scheduledFor, timeZone))}
          </strong>
        ) : null}
        <ul className="kd-items">
          {order.lineItems.map((line) => (
            <li key={line.lineItemId}>
              <b>{line.quantity} ×</b> {line.title}
              {line.options.length > 0 ? <small>{line.options.map((o) => o.label).join(', ')}</small> : null}
            </li>
          ))}
        </ul>
        <span className="kd-action">{failed ? m.failed : action === 'accept' ? m.accept : m.ready}</span>
      </button>
    </li>
  );
});

/**
 * Whether new orders will chime: browsers start audio only after a tap, so until the display was
 * tapped it says so ('Tap to turn the sound on'), and then 'Sound on'.
 */
function SoundState() {
  const state = useChimeState();
  if (state === 'none') return null;
  if (state === 'on')
    return (
      <span className="kd-sound" data-testid="kitchen-sound" data-state="on">
        {m.soundOn}
      </span>
    );
  return (
    <button type="button" className="kd-sound" data-testid="kitchen-sound" data-state="off" onClick={unlockChime}>
      {m.soundOff}
    </button>
  );
}

function Board({ merchantId }: { merchantId: string }) {
  usePageTitle(m.kitchenTitle);
  const testMode = useTestMode((s) => s.testMode);
  const [preparationTime, setPreparationTime] = useState(15);
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const onArrival = useCallback((order: Order) => {
    chime();
    setAnnouncement(m.newOrder(order.orderCode, order.location?.name));
  }, []);
  const { store, status, replace } = useStageStore(merchantId, 'kitchen', testMode, onArrival);
  const ids = useStageIds(store);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ timeZone?: string; checkoutOptions?: { preparationTime?: number } }>(`/merchants/${encodeURIComponent(merchantId)}`, { signal: controller.signal })
      .then((merchant) => {
        setPreparationTime(merchant.checkoutOptions?.preparationTime || 15);
        setTimeZone(merchant.timeZone || undefined);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [merchantId]);

  const bump = useCallback(
    (order: Order, action: OrderAction) => ordersApi.act(merchantId, order.id, action).then(({ message: _message, ...next }) => replace(next)),
    [merchantId, replace],
  );

  return (
    <main className="kd-screen" aria-labelledby="kd-title">
      <header className="kd-bar">
        <h1 id="kd-title">{m.kitchenTitle}</h1>
        <span data-testid="kitchen-count">{m.openOrders(ids.length)}</span>
        <SoundState />
        <span className="kd-live" data-status={status} data-testid="live-status">
          {m.liveStatus[status]}
        </span>
      </header>
      <p className="kd-sr" role="status">
        {announcement}
      </p>
      {ids.length === 0 ? <p className="kd-empty">{m.noOrders}</p> : null}
      <ol className="kd-board" data-testid="kitchen-board">
        {ids.map((id) => (
          <Ticket key={id} store={store} id={id} preparationTime={preparationTime} timeZone={timeZone} onBump={bump} />
        ))}
      </ol>
    </main>
  );
}

function KitchenScreen({ merchantId }: { merchantId: string }) {
  const { me } = useMe();
  const ready = useTestModeOf(me?.uid ?? null);
  // The first tap anywhere unlocks the chime (browsers start audio only after a gesture); the audio is made beforehand.
  const unlocked = useRef(false);
  useEffect(() => prepareChime(), []);
  // A runner may not accept nor ready an order (@seatside/rules orderActionsFor): theirs is the runner view.
  if (me?.merchants.find((merchant) => merchant.id === merchantId)?.role === 'runner') return <Navigate to={merchantPath(merchantId, 'runner')} replace />;
  return (
    <div
      onPointerDown={() => {
        if (!unlocked.current) {
          unlocked.current = true;
          chime();
        }
      }}
    >
      {ready ? <Board merchantId={merchantId} /> : null}
    </div>
  );
}

/** /dashboard/merchants/{merchantId}/kitchen: the full-screen kitchen display for a tablet (issue 27). */
export default function KitchenDisplay() {
  const { merchantId = '' } = useParams();
  return (
    <UiProvider>
      <RequireTenantRole collection="merchants" id={merchantId}>
        <KitchenScreen key={merchantId} merchantId={merchantId} />
      </RequireTenantRole>
    </UiProvider>
  );
}
