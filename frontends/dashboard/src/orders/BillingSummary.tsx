import { formatDateTime, formatMoney } from '@seatside/ui/src/lists';
import type { Order } from './api';
import { orderMessages as m } from './messages';

/** Seed 001 §3 billingSummary: each total and each fee on its own line, then the amount due. */
export function BillingSummaryCard({ order }: { order: Order }) {
  const { totals, fees } = order.billingSummary;
  const lines: [string, number][] = [
    [m.subtotal, totals.subtotal],
    [m.discounts, -totals.discounts],
    [m.tax, totals.tax],
    [m.tip, totals.tip],
    [m.deliveryFee, fees.deliveryFee],
    [m.tagDeliveryFee, fees.tagDeliveryFee ?? 0],
    [m.convenienceFee, fees.convenienceFee],
    [m.platformFee, fees.platformFeeToByPaidByCustomer],
    [m.processingFee, fees.processingFeeToBePaidByCustomer],
  ];
  return (
    <section className="ord-card" aria-labelledby="ord-billing" data-testid="billing-summary">
      <h2 id="ord-billing">{m.billingSummary}</h2>
      <dl className="ord-lines">
        {lines.map(([label, amount]) => (
          <div key={label} className="ord-line">
            <dt>{label}</dt>
            <dd>{amount < 0 ? `−${formatMoney(-amount, order.billingSummary.currency)}` : formatMoney(amount, order.billingSummary.currency)}</dd>
          </div>
        ))}
        <div className="ord-line ord-total">
          <dt>{m.amountDue}</dt>
          <dd data-testid="amount-due">{formatMoney(totals.amountDue, order.billingSummary.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

export { showsCashChange } from './payment';

export function CashChangeCard({ order }: { order: Order }) {
  const { payment } = order;
  if (!payment) return null;
  return (
    <section className="ord-card" aria-labelledby="ord-cash" data-testid="cash-change">
      <h2 id="ord-cash">{m.cash}</h2>
      <dl className="ord-lines">
        <div className="ord-line">
          <dt>{m.amountTendered}</dt>
          <dd>{formatMoney(payment.amountTendered ?? payment.amountPaid, order.billingSummary.currency)}</dd>
        </div>
        <div className="ord-line">
          <dt>{m.changeDue}</dt>
          <dd data-testid="change-due">{formatMoney(payment.changeDue ?? 0, order.billingSummary.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Seed 001 §4: a refunds section only when there are refunds. */
export function RefundsCard({ order }: { order: Order }) {
  const refunds = Object.entries(order.refunds ?? {});
  if (refunds.length === 0) return null;
  return (
    <section className="ord-card" aria-labelledby="ord-refunds" data-testid="refunds">
      <h2 id="ord-refunds">{m.refunds}</h2>
      <ul className="ord-items">
        {refunds.map(([id, refund]) => (
          <li key={id}>
            <span>
              {refund.title}
              <small>{formatDateTime(refund.at)}</small>
            </span>
            <span>{formatMoney(refund.refundAmount, order.billingSummary.currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
