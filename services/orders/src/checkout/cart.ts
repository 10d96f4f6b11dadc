import { selectionsOf } from '@seatside/rules';
import type { OrderLine } from '../orders/order';
import type { PricedLine } from '../pricing/pricing';
import type { ModifierView, ProductView } from '../catalog/view';
import { checkoutMessages as m } from './messages';
import type { RequestedLine } from './request';

/** The catalog as one cart sees it: this merchant's records of this mode, by id. */
export interface CartCatalog {
  merchantId: string;
  testMode: boolean;
  products: ReadonlyMap<string, ProductView>;
  modifiers: ReadonlyMap<string, ModifierView>;
}

export type CartResult = { ok: true; lines: OrderLine[]; priced: PricedLine[] } | { ok: false; errors: Record<string, string> };

const belongs = (record: { merchantId: string; testMode: boolean } | undefined, catalog: CartCatalog) =>
  record !== undefined && record.merchantId === catalog.merchantId && record.testMode === catalog.testMode;

/** The options chosen for one line, or the first refusal with the field it concerns. */
type Refusal = { field: string; message: string };
const refuse = (field: string, message: string): Refusal => ({ field, message });
const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'message' in value;

function chosenOptions(line: RequestedLine, product: ProductView, catalog: CartCatalog, at: string): OrderLine['options'] | Refusal {
  const chosen: OrderLine['options'] = [];
  const seen = new Set<string>();
  for (const [j, pick] of line.modifiers.entries()) {
    const field = `${at}.modifiers.${j}`;
    const modifier = catalog.modifiers.get(pick.modifierId);
    if (!product.modifiers.includes(pick.modifierId) || !belongs(modifier, catalog)) return refuse(`${field}.modifierId`, m.modifierNotOnProduct);
    if (seen.has(pick.modifierId)) return refuse(`${field}.modifierId`, m.modifierListedTwice);
    seen.add(pick.modifierId);
    if (new Set(pick.optionIds).size !== pick.optionIds.length) return refuse(`${field}.optionIds`, m.optionChosenTwice);
    const options = pick.optionIds.map((id) => modifier!.options.find((option) => option.id === id));
    if (options.some((option) => option === undefined)) return refuse(`${field}.optionIds`, m.optionNotOnModifier);
    const { minSelections, maxSelections } = selectionsOf(modifier!);
    if (options.length < minSelections) return refuse(`${field}.optionIds`, m.tooFewSelections(modifier!.title, minSelections));
    if (options.length > maxSelections) return refuse(`${field}.optionIds`, m.tooManySelections(modifier!.title, maxSelections));
    for (const option of options) chosen.push({ modifierId: modifier!.id, optionId: option!.id, label: option!.label, additionalCostMinor: option!.additionalCostMinor });
  }
  for (const id of product.modifiers) {
    const modifier = catalog.modifiers.get(id);
    if (belongs(modifier, catalog) && !seen.has(id) && selectionsOf(modifier!).minSelections > 0) return refuse(`${at}.modifiers`, m.modifierRequired(modifier!.title));
  }
  return chosen;
}

/** One requested line priced from the catalog, or the refusal with its field. */
function lineOf(line: RequestedLine, index: number, catalog: CartCatalog): OrderLine | Refusal {
  const at = `lineItems.${index}`;
  const product = catalog.products.get(line.productId);
  if (!belongs(product, catalog)) return refuse(`${at}.productId`, m.productNotFound);
  const chosen = chosenOptions(line, product!, catalog, at);
  if (isRefusal(chosen)) return chosen;
  const unitPriceMinor = product!.priceMinor + chosen.reduce((total, option) => total + option.additionalCostMinor, 0);
  return {
    lineItemId: `${index + 1}`,
    productId: product!.id,
    title: product!.title,
    quantity: line.quantity,
    unitPriceMinor,
    options: chosen,
    totalMinor: unitPriceMinor * line.quantity,
    ...(line.participant ? { participant: line.participant } : {}),
  };
}

/**
 * Checks a cart against the catalog view and prices each line (unit price = product + its chosen
 * options). Errors are per field (`lineItems.0.productId`), one per line.
 */
export function priceCart(requested: readonly RequestedLine[], catalog: CartCatalog): CartResult {
  const errors: Record<string, string> = {};
  const lines: OrderLine[] = [];
  for (const [index, line] of requested.entries()) {
    const result = lineOf(line, index, catalog);
    if (isRefusal(result)) errors[result.field] = result.message;
    else lines.push(result);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, lines, priced: lines.map(({ productId, quantity, unitPriceMinor }) => ({ productId, quantity, unitPriceMinor })) };
}

/** How many of each product the cart takes, for the stock check. */
export function quantitiesByProduct(lines: readonly OrderLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}
