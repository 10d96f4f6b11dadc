import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { UiProvider } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { RequireTenantRole, useMe } from '@seatside/ui/src/auth';
import { useTestMode, useTestModeOf } from '@seatside/ui/src/mode';
import { ordersApi, type Order } from '../orders/api';
import { formatMoney } from '@seatside/ui/src/lists';
import { amountToCollect, runnerGroups } from './groups';
import { kitchenMessages as m } from './messages';
import { ticketPlace } from './ticket';
import { chime, useStageOrders } from './useStageOrders';

/** The ticket's words on one line: 'Section 104 · Seat 2C', 'Tab · Tess Tab', 'Pickup · Counter'. */
const runnerWhere = (order: Order) => {
  const place = ticketPlace(order);
  return [place.label, place.location].filter(Boolean).join(' · ') || m.pickup;
};
import './styles';

/** An unpaid cash or pay-later order's amount, for the runner to take at the seat. */
function Collect({ order }: { order: Order }) {
  const amount = amountToCollect(order);
  if (amount === null) return null;
  const money = formatMoney(amount, order.billingSummary.currency);
  return (
    <p className="rv-collect" data-testid="runner-collect">
      {order.paymentProcessor === 'CASH' ? m.collect(money) : m.collectLater(money)}
    </p>
  );
}

function Runs({ merchantId }: { merchantId: string }) {
  usePageTitle(m.runnerTitle);
  const testMode = useTestMode((s) => s.testMode);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const onArrival = useCallback((order: Order) => {
    chime();
    setAnnouncement(m.newOrder(order.orderCode, order.location?.name));
  }, []);
  const { orders, status, replace } = useStageOrders(merchantId, 'runner', testMode, onArrival);
  const delivered = (order: Order) => {
    setBusy(order.id);
    setFailed(null);
    ordersApi
      .act(merchantId, order.id, 'complete')
      .then(({ message: _message, ...next }) => replace(next))
      .catch(() => setFailed(order.id))
      .finally(() => setBusy(null));
  };
  return (
    <main className="rv-screen" aria-labelledby="rv-title">
      <header className="kd-bar">
        <h1 id="rv-title">{m.runnerTitle}</h1>
        <span data-testid="runner-count">{m.readyOrders(orders.length)}</span>
        <span className="kd-live" data-status={status} data-testid="live-status">
          {m.liveStatus[status]}
        </span>
      </header>
      <p className="kd-sr" role="status">
        {announcement}
      </p>
      {orders.length === 0 ? <p className="kd-empty">{m.noReady}</p> : null}
      {runnerGroups(orders).map((group) => (
        <section key={group.label} className="rv-group" aria-label={group.label || m.pickup} data-testid="runner-group">
          <h2>{group.label || m.pickup}</h2>
          <ul className="rv-list">
            {group.orders.map((order) => (
              <li key={order.id} className="rv-order" data-testid="runner-order" data-order-code={order.orderCode}>
                <div className="rv-where">
                  <strong className="rv-seat">{runnerWhere(order)}</strong>
                  <span className="rv-code">{order.orderCode}</span>
                </div>
                <p className="rv-items">{order.lineItems.map((line) => `${line.quantity} × ${line.title}`).join(', ')}</p>
                <Collect order={order} />
                <button type="button" className="rv-done" disabled={busy === order.id} aria-busy={busy === order.id} onClick={() => delivered(order)}>
                  {failed === order.id ? m.failed : m.delivered}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

function RunnerScreen({ merchantId }: { merchantId: string }) {
  const { me } = useMe();
  const ready = useTestModeOf(me?.uid ?? null);
  return ready ? <Runs merchantId={merchantId} /> : null;
}

/** /dashboard/merchants/{merchantId}/runner: ready orders by section and seat, on a phone (issue 27). */
export default function RunnerView() {
  const { merchantId = '' } = useParams();
  return (
    <UiProvider>
      <RequireTenantRole collection="merchants" id={merchantId}>
        <RunnerScreen key={merchantId} merchantId={merchantId} />
      </RequireTenantRole>
    </UiProvider>
  );
}
