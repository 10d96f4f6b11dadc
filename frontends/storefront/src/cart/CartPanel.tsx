import { useId } from 'react';
import { formatMinor } from '../domain/money';
import { storefrontMessages as m } from '../messages';
import { Dialog, QuantityStepper } from '../parts/Dialog';
import { subtotalMinor, type CartLine } from './lines';
import type { CartStore } from './store';

/** What editing lines takes: a cart store's state has both; a tab's pending round gives its own. */
export interface LineEdits {
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
}

/** Lines with their quantities, editable (the cart's; a tab's round names its own test ids and empty text). */
export function CartLines({ lines, edit, currency, errors = {}, testId = 'cart-line', empty = m.emptyCart }: {
  lines: CartLine[];
  edit: LineEdits;
  currency: string;
  errors?: Record<number, string>;
  testId?: string;
  empty?: string;
}) {
  const { setQuantity, remove } = edit;
  if (lines.length === 0) return <p>{empty}</p>;
  return (
    <ul className="sf-lines" data-testid={`${testId}s`}>
      {lines.map((line, i) => (
        <li key={line.key} data-testid={testId}>
          <strong>{line.title}</strong>
          <span>{formatMinor(line.unitPriceMinor * line.quantity, currency)}</span>
          {line.optionLabels.length > 0 ? <span className="sf-hint">{line.optionLabels.join(', ')}</span> : null}
          <div className="sf-row" style={{ gridColumn: '1 / -1', alignItems: 'center' }}>
            <QuantityStepper
              value={line.quantity}
              onChange={(q) => setQuantity(line.key, q)}
              label={m.quantityOf(line.title)}
              decreaseLabel={`${m.decrease}: ${line.title}`}
              increaseLabel={`${m.increase}: ${line.title}`}
            />
            <button type="button" className="sf-link-btn" aria-label={m.remove(line.title)} onClick={() => remove(line.key)}>
              {m.removeShort}
            </button>
          </div>
          {errors[i] ? (
            <p className="sf-error" role="alert" style={{ gridColumn: '1 / -1' }}>
              {errors[i]}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The cart as a sheet: lines, the subtotal (the server prices the rest), the minimum, and Checkout. */
export function CartDialog({ lines, store, currency, minimumMinor, canOrder, blockedReason, onCheckout, onClose }: {
  lines: CartLine[];
  store: CartStore;
  currency: string;
  minimumMinor: number;
  canOrder: boolean;
  blockedReason: string | null;
  onCheckout(): void;
  onClose(): void;
}) {
  const titleId = useId();
  const subtotal = subtotalMinor(lines);
  const belowMinimum = subtotal < minimumMinor;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} testId="cart-dialog">
      <div className="sf-sheet">
        <div className="sf-sheet-head">
          <h2 id={titleId}>{m.yourOrder}</h2>
          <button type="button" className="sf-icon-btn" aria-label={m.close} onClick={onClose}>
            ×
          </button>
        </div>
        <CartLines lines={lines} edit={store.getState()} currency={currency} />
        <div className="sf-row sf-total">
          <span>{m.subtotal}</span>
          <span data-testid="cart-subtotal">{formatMinor(subtotal, currency)}</span>
        </div>
        <p className="sf-hint">{m.pricedAtCheckout}</p>
        {blockedReason ? <p className="sf-alert">{blockedReason}</p> : null}
        {belowMinimum && lines.length > 0 ? <p className="sf-alert">{m.minimumOrder(formatMinor(minimumMinor, currency))}</p> : null}
        <button type="button" className="sf-btn" disabled={!canOrder || belowMinimum || lines.length === 0} onClick={onCheckout}>
          {m.checkout}
        </button>
      </div>
    </Dialog>
  );
}
