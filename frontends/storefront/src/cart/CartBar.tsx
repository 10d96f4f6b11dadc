import { formatMinor } from '../domain/money';
import { storefrontMessages as m } from '../messages';
import { itemCount, subtotalMinor, type CartLine } from './lines';

/** The bottom bar that opens the cart: item count and estimated subtotal. */
export function CartBar({ lines, currency, onOpen }: { lines: CartLine[]; currency: string; onOpen(): void }) {
  if (lines.length === 0) return null;
  return (
    <div className="sf-cartbar">
      <button type="button" className="sf-btn" onClick={onOpen} data-testid="cart-bar">
        <span>{m.viewOrder(itemCount(lines))}</span>
        <span>{formatMinor(subtotalMinor(lines), currency)}</span>
      </button>
    </div>
  );
}
