import { useCallback, useState } from 'react';
import Alert from 'antd/es/alert';
import { Link, useParams } from 'react-router';
import { Switch, errorMessage, formatDateTime, formatMoney } from '@seatside/ui/src/lists';
import { ModeMismatch, useRecordInMode } from '@seatside/ui/src/mode';
import { usePageTitle } from '@seatside/ui/src/title';
import { newerOrder, ordersApi, ordersPage, type Order } from './api';
import { BillingSummaryCard, CashChangeCard, RefundsCard, showsCashChange } from './BillingSummary';
import { orderMessages as m, orderTypeLabel, pickupMethodLabel } from './messages';
import { OrderActions } from './OrderActions';
import { OrderTypeIcon } from './OrderTypeIcon';
import { useLiveOrders } from './useLiveOrders';
import { awaitsCard } from './payment';
import './styles';

/** Seed 001 §2: order code, type icon, received time, and the blue 'sandbox' badge in the sandbox. */
function OrderHeader({ order }: { order: Order }) {
  return (
    <header className="ord-head">
      <OrderTypeIcon type={order.type} />
      <h1 id="order-title">{order.orderCode}</h1>
      {order.location ? (
        <h1 className="ord-seat" data-testid="order-location" aria-label={m.deliverTo(order.location.name)}>
          {order.location.name}
        </h1>
      ) : null}
      {order.environment === 'sandbox' && (
        <span className="ord-sandbox" data-testid="sandbox-badge">
          {m.sandbox}
        </span>
      )}
      <span className="ord-status" data-testid="order-status">
        {order.status}
      </span>
      {awaitsCard(order) ? (
        <span className="ord-awaiting" data-testid="awaiting-card">
          {m.awaitingCard}
        </span>
      ) : null}
      <span>
        {m.received} <time dateTime={order.receivedAt}>{formatDateTime(order.receivedAt)}</time>
      </span>
      <button type="button" className="ord-print" onClick={() => window.print()}>
        {m.print}
      </button>
      {order.cancellation ? (
        <span className="ord-cancelled" data-testid="cancellation">
          {m.cancelledAt(formatDateTime(order.cancellation.at), order.cancellation.reason)}
        </span>
      ) : null}
    </header>
  );
}

function ItemsCard({ order }: { order: Order }) {
  return (
    <section className="ord-card" aria-labelledby="ord-items">
      <h2 id="ord-items">{m.items}</h2>
      <ul className="ord-items">
        {order.lineItems.map((line) => (
          <li key={line.lineItemId}>
            <span>
              {line.quantity} × {line.title}
              {line.participant ? <small data-testid="line-participant">{line.participant}</small> : null}
              {line.options.map((option) => (
                <small key={`${option.modifierId}:${option.optionId}`}>
                  {option.label}
                  {option.additionalCost ? ` (+${formatMoney(option.additionalCost, order.billingSummary.currency)})` : ''}
                </small>
              ))}
            </span>
            <span>{formatMoney(line.total, order.billingSummary.currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CustomerCard({ order }: { order: Order }) {
  const { customer, fulfillment } = order;
  return (
    <section className="ord-card" aria-labelledby="ord-customer">
      <h2 id="ord-customer">{m.customer}</h2>
      {customer ? (
        <p style={{ margin: 0 }}>
          {customer.firstName} {customer.lastName}
          <br />
          <a href={`mailto:${customer.email}`}>{customer.email}</a>
          {customer.phone && (
            <>
              <br />
              <a href={`tel:${customer.phone}`}>{customer.phone}</a>
            </>
          )}
        </p>
      ) : (
        <p style={{ margin: 0 }}>—</p>
      )}
      <h2 style={{ marginTop: 16 }}>{m.fulfillment}</h2>
      <p style={{ margin: 0 }} data-testid="order-fulfillment">
        {fulfillment.type === 'TAG' && order.location ? m.deliverTo(order.location.name) : (orderTypeLabel[fulfillment.type] ?? fulfillment.type)}
        {fulfillment.type !== 'TAG' && order.location ? ` · ${order.location.name}` : ''}
        {fulfillment.pickupMethod ? ` · ${pickupMethodLabel[fulfillment.pickupMethod] ?? fulfillment.pickupMethod}` : ''}
        {fulfillment.pickupTime ? ` · ${formatDateTime(fulfillment.pickupTime)}` : ''}
        {fulfillment.address ? ` · ${fulfillment.address.line1}, ${fulfillment.address.city}` : ''}
      </p>
    </section>
  );
}

/** Seed 001 §2: a debug view of the order object, behind a local toggle. */
function DebugView({ order }: { order: Order }) {
  const [on, setOn] = useState(false);
  return (
    <section className="ord-card ord-debug" aria-label={m.debug}>
      <Switch value={on} onChange={setOn} onText={m.debug} offText={m.debug} />
      {on && (
        <pre data-testid="order-json" tabIndex={0}>
          {JSON.stringify(order, null, 2)}
        </pre>
      )}
    </section>
  );
}

function OrderDetail({ order, onChanged }: { order: Order; onChanged(order: Order): void }) {
  return (
    <>
      <OrderHeader order={order} />
      <div className="ord-columns">
        <div className="ord-column">
          <BillingSummaryCard order={order} />
          {showsCashChange(order) && <CashChangeCard order={order} />}
          <RefundsCard order={order} />
        </div>
        <div className="ord-column">
          <ItemsCard order={order} />
        </div>
        <div className="ord-column">
          <OrderActions order={order} onChanged={onChanged} />
          <CustomerCard order={order} />
        </div>
      </div>
      <DebugView order={order} />
    </>
  );
}

/** /dashboard/merchants/{merchantId}/orders/{orderId}: the order detail of seed 001 §2, kept live. */
export default function OrderPage() {
  const { merchantId = '', orderId = '' } = useParams();
  const listPath = ordersPage(merchantId);
  const { record, error, mismatch, reload } = useRecordInMode<Order>((signal) => ordersApi.get(merchantId, orderId, signal), listPath, [merchantId, orderId]);
  const [current, setCurrent] = useState<Order | null>(null);
  const order = record && current?.id === record.id ? newerOrder(current, record) : record;
  usePageTitle(order?.orderCode ?? m.entityTitle);
  const update = useCallback((next: Order) => setCurrent((known) => newerOrder(known ?? undefined, next)), []);
  useLiveOrders(merchantId, record ? record.testMode : null, (changed) => changed.id === orderId && update(changed), reload);
  if (mismatch) return <ModeMismatch entity={m.entityTitle} listPath={listPath} />;
  return (
    <section className="ls-screen" aria-labelledby="order-title" aria-busy={!order && !error}>
      <Link className="ls-back" to={listPath}>
        ← {m.listTitle}
      </Link>
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : order ? <OrderDetail order={order} onChanged={update} /> : <p>Loading…</p>}
    </section>
  );
}
