import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { api, UiProvider } from '@seatside/ui';
import { RequireTenantRole, useMe } from '@seatside/ui/src/auth';
import { useTestMode, useTestModeOf } from '@seatside/ui/src/mode';
import { ordersApi, type Order, type OrderAction } from '../orders/api';
import { kitchenMessages as m } from './messages';
import { chime, useNow, useStageOrders } from './useStageOrders';
import './styles';

/** One tap moves a ticket on: a new order is accepted, an accepted one is ready (then it leaves the board). */
export const bumpOf = (order: Pick<Order, 'status'>): OrderAction | null =>
  order.status === 'PLACED' || order.status === 'PAID' ? 'accept' : order.status === 'ACCEPTED' ? 'ready' : null;

/** Whole minutes since the order came in. */
export const ageMinutes = (receivedAt: string, now: number) => Math.max(0, Math.floor((now - Date.parse(receivedAt)) / 60_000));

const Ticket = memo(function Ticket({ order, minutes, late, busy, failed, onBump }: {
  order: Order; minutes: number; late: boolean; busy: boolean; failed: boolean; onBump(order: Order): void;
}) {
  const action = bumpOf(order);
  return (
    <li className={`kd-ticket${late ? ' kd-late' : ''}${order.status === 'ACCEPTED' ? ' kd-accepted' : ''}`} data-testid="kitchen-ticket" data-order-code={order.orderCode}>
      <button type="button" className="kd-bump" disabled={busy || !action} aria-busy={busy} onClick={() => onBump(order)}>
        <span className="kd-head">
          <strong className="kd-code">{order.orderCode}</strong>
          {order.location ? <strong className="kd-seat" data-testid="kitchen-seat">{order.location.name}</strong> : <span className="kd-seat kd-pickup">{m.pickup}</span>}
          <span className="kd-age" data-testid="kitchen-age">
            {m.minutes(minutes)}
            {late ? ` · ${m.late}` : ''}
          </span>
        </span>
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

function Board({ merchantId }: { merchantId: string }) {
  const testMode = useTestMode((s) => s.testMode);
  const now = useNow(5_000);
  const [preparationTime, setPreparationTime] = useState(15);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const onArrival = useCallback((order: Order) => {
    chime();
    setAnnouncement(m.newOrder(order.orderCode, order.location?.name));
  }, []);
  const { orders, status, replace } = useStageOrders(merchantId, 'kitchen', testMode, onArrival);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ checkoutOptions?: { preparationTime?: number } }>(`/merchants/${encodeURIComponent(merchantId)}`, { signal: controller.signal })
      .then((merchant) => setPreparationTime(merchant.checkoutOptions?.preparationTime || 15))
      .catch(() => undefined);
    return () => controller.abort();
  }, [merchantId]);

  const mark = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const copy = new Set(set);
    if (on) copy.add(id);
    else copy.delete(id);
    return copy;
  };
  const bump = useCallback(
    (order: Order) => {
      const action = bumpOf(order);
      if (!action) return;
      setBusy((s) => mark(s, order.id, true));
      setFailed((s) => mark(s, order.id, false));
      ordersApi
        .act(merchantId, order.id, action)
        .then(({ message: _message, ...next }) => replace(next))
        .catch(() => setFailed((s) => mark(s, order.id, true)))
        .finally(() => setBusy((s) => mark(s, order.id, false)));
    },
    [merchantId, replace],
  );

  return (
    <main className="kd-screen" aria-labelledby="kd-title">
      <header className="kd-bar">
        <h1 id="kd-title">{m.kitchenTitle}</h1>
        <span data-testid="kitchen-count">{m.openOrders(orders.length)}</span>
        <span className="kd-live" data-status={status} data-testid="live-status">
          {m.liveStatus[status]}
        </span>
      </header>
      <p className="kd-sr" role="status">
        {announcement}
      </p>
      {orders.length === 0 ? <p className="kd-empty">{m.noOrders}</p> : null}
      <ol className="kd-board" data-testid="kitchen-board">
        {orders.map((order) => {
          const minutes = ageMinutes(order.receivedAt, now);
          return <Ticket key={order.id} order={order} minutes={minutes} late={now - Date.parse(order.receivedAt) > preparationTime * 60_000} busy={busy.has(order.id)} failed={failed.has(order.id)} onBump={bump} />;
        })}
      </ol>
    </main>
  );
}

function KitchenScreen({ merchantId }: { merchantId: string }) {
  const { me } = useMe();
  const ready = useTestModeOf(me?.uid ?? null);
  // The first tap anywhere unlocks the chime (browsers start audio only after a gesture).
  const unlocked = useRef(false);
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
