import type { Selections } from '../domain/selections';

/** A modifier choice as checkout sends it. */
export interface LineModifier {
  modifierId: string;
  optionIds: string[];
}

/** One line of the cart: a product, its choices and a quantity; the price is an estimate until placed. */
export interface CartLine {
  key: string;
  productId: string;
  title: string;
  quantity: number;
  unitPriceMinor: number;
  modifiers: LineModifier[];
  /** The chosen options' labels, to show under the title. */
  optionLabels: string[];
}

/** Choices as checkout sends them: only modifiers with something chosen, in the product's order. */
export function lineModifiers(modifierIds: string[], selections: Selections): LineModifier[] {
  return modifierIds.flatMap((id) => {
    const optionIds = selections[id] ?? [];
    return optionIds.length > 0 ? [{ modifierId: id, optionIds: [...optionIds] }] : [];
  });
}

/** Two lines with the same product and the same choices are one line. */
export const lineKey = (productId: string, modifiers: LineModifier[]): string =>
  `${productId}|${modifiers.map((mod) => `${mod.modifierId}:${mod.optionIds.join(',')}`).join(';')}`;

/** Adds a line, merging it into an equal one. */
export function addLine(lines: CartLine[], line: CartLine): CartLine[] {
  const same = lines.find((l) => l.key === line.key);
  if (!same) return [...lines, line];
  return lines.map((l) => (l.key === line.key ? { ...l, quantity: l.quantity + line.quantity, unitPriceMinor: line.unitPriceMinor } : l));
}

/** Sets a line's quantity; below 1 the line goes. */
export const setLineQuantity = (lines: CartLine[], key: string, quantity: number): CartLine[] =>
  quantity < 1 ? removeLine(lines, key) : lines.map((l) => (l.key === key ? { ...l, quantity } : l));

export const removeLine = (lines: CartLine[], key: string): CartLine[] => lines.filter((l) => l.key !== key);

/** The cart's subtotal before the server prices it (no tax, fees or discounts), in minor units. */
export const subtotalMinor = (lines: CartLine[]): number => lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);

export const itemCount = (lines: CartLine[]): number => lines.reduce((sum, l) => sum + l.quantity, 0);

