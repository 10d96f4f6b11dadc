import { formatMajor, formatMinor } from '../domain/money';
import type { BillingSummary } from '../domain/types';
import { orderMessages as m } from '../checkout/messages';

/** The billing summary as separate lines: subtotal, discounts, tax, tip, each fee charged, amount due. */
export function BillingLines({ summary }: { summary: BillingSummary }) {
  const money = (n: number) => formatMajor(n, summary.currency);
  const { totals, fees } = summary;
  const rows: [string, number, string][] = [
    [m.subtotal, totals.subtotal, 'subtotal'],
    [m.discounts, -Math.abs(totals.discounts), 'discounts'],
    [m.tax, totals.tax, 'tax'],
    [m.tip, totals.tip, 'tip'],
    ...([
      [m.deliveryFee, fees.deliveryFee, 'deliveryFee'],
      [m.tagDeliveryFee, fees.tagDeliveryFee ?? 0, 'tagDeliveryFee'],
      [m.convenienceFee, fees.convenienceFee, 'convenienceFee'],
      [m.platformFee, fees.platformFeeToByPaidByCustomer, 'platformFee'],
      [m.processingFee, fees.processingFeeToBePaidByCustomer, 'processingFee'],
    ] as [string, number, string][]).filter(([, amount]) => amount !== 0),
  ];
  return (
    <dl className="sf-summary" data-testid="billing-summary">
      {rows.map(([label, amount, id]) => (
        <div key={id} data-line={id}>
          <dt>{label}</dt>
          <dd>{money(amount)}</dd>
        </div>
      ))}
      <div className="sf-total" data-line="amountDue">
        <dt>{m.amountDue}</dt>
        <dd>{money(totals.amountDue)}</dd>
      </div>
    </dl>
  );
}

/**
 * The price of a cart as the server quotes it (docs/orders-api.md, Price quote), asked again as the
 * cart and the form change: its lines once quoted, else the subtotal, with what is added on placing.
 * `id` names it for the page (`checkout-price`, `group-price`).
 */
export function PriceSummary({ id, summary, pending, subtotalMinor, currency }: { id: string; summary: BillingSummary | undefined | null; pending: boolean; subtotalMinor: number; currency: string }) {
  return (
    <div aria-live="polite" aria-busy={pending} data-testid={id} data-pending={pending}>
      {summary ? (
        <BillingLines summary={summary} />
      ) : (
        <div className="sf-summary">
          <div className="sf-total">
            <span>{m.subtotal}</span>
            <span>{formatMinor(subtotalMinor, currency)}</span>
          </div>
          <p className="sf-hint">{m.pricedAtCheckout}</p>
        </div>
      )}
    </div>
  );
}
