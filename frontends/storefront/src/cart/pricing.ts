import { unitPriceMinor, type Selections } from '../domain/selections';
import type { StorefrontDocument } from '../domain/types';
import type { CartLine } from './lines';

/**
 * The lines priced from the menu as it is now: a line keeps what the diner chose and the price of
 * when it was added, so a price or an option changed since (on a reload, another visit) would show
 * the old price beside checkout's new subtotal. A line whose product is gone stays as it is (checkout
 * says it is not available). The very same array when nothing changed, so there is nothing to store.
 */
export function pricedLines(lines: CartLine[], doc: Pick<StorefrontDocument, 'products' | 'modifiers'>): CartLine[] {
  let changed = false;
  const next = lines.map((line) => {
    const product = doc.products[line.productId];
    if (!product) return line;
    const modifiers = line.modifiers.flatMap((chosen) => doc.modifiers[chosen.modifierId] ?? []);
    const selections: Selections = Object.fromEntries(line.modifiers.map((chosen) => [chosen.modifierId, chosen.optionIds]));
    const unit = unitPriceMinor(product, modifiers, selections);
    const labels = modifiers.flatMap((mod) => mod.options.filter((o) => (selections[mod.id] ?? []).includes(o.id)).map((o) => o.label));
    const sameLabels = labels.length === line.optionLabels.length && labels.every((label, i) => label === line.optionLabels[i]);
    if (unit === line.unitPriceMinor && sameLabels && product.title === line.title) return line;
    changed = true;
    return { ...line, title: product.title, unitPriceMinor: unit, optionLabels: labels };
  });
  return changed ? next : lines;
}
