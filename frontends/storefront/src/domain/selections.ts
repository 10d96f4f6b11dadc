import { storefrontMessages as m } from '../messages';
import { toMinor } from './money';
import type { StorefrontModifier, StorefrontProduct } from './types';

/** The options a diner chose, per modifier id. */
export type Selections = Record<string, string[]>;

/** The options marked preSelected, no more than a modifier allows. */
export function initialSelections(modifiers: StorefrontModifier[]): Selections {
  return Object.fromEntries(
    modifiers.map((mod) => [mod.id, mod.options.filter((o) => o.preSelected).map((o) => o.id).slice(0, Math.max(mod.maxSelections, 0))]),
  );
}

/**
 * Ticks or unticks an option. A modifier that allows one choice swaps it (like a radio group);
 * otherwise an option past the maximum is not added (the sheet also disables it).
 */
export function toggleOption(selections: Selections, modifier: StorefrontModifier, optionId: string): Selections {
  const chosen = selections[modifier.id] ?? [];
  if (chosen.includes(optionId)) return { ...selections, [modifier.id]: chosen.filter((id) => id !== optionId) };
  if (modifier.maxSelections <= 1) return { ...selections, [modifier.id]: [optionId] };
  if (chosen.length >= modifier.maxSelections) return selections;
  // Keep the modifier's own option order, whatever order they were ticked in.
  const next = new Set([...chosen, optionId]);
  return { ...selections, [modifier.id]: modifier.options.map((o) => o.id).filter((id) => next.has(id)) };
}

/**
 * What is wrong with the choices, per modifier id, in the orders service's words
 * (docs/orders-api.md): none chosen of a modifier that needs some is "{title} is required".
 */
export function selectionErrors(modifiers: StorefrontModifier[], selections: Selections): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const mod of modifiers) {
    const count = (selections[mod.id] ?? []).length;
    if (count === 0 && mod.minSelections > 0) errors[mod.id] = m.modifierRequired(mod.title);
    else if (count < mod.minSelections) errors[mod.id] = m.tooFewSelections(mod.title, mod.minSelections);
    else if (count > mod.maxSelections) errors[mod.id] = m.tooManySelections(mod.title, mod.maxSelections);
  }
  return errors;
}

/** One unit's price before the server prices it: the product plus its chosen options, in minor units. */
export function unitPriceMinor(product: StorefrontProduct, modifiers: StorefrontModifier[], selections: Selections): number {
  let total = toMinor(product.price);
  for (const mod of modifiers) {
    for (const id of selections[mod.id] ?? []) total += toMinor(mod.options.find((o) => o.id === id)?.additionalCost ?? 0);
  }
  return total;
}

/** The hint under a modifier's title: 'Choose 1', 'Choose up to 3', 'Choose 2'. */
export function selectionHint(modifier: StorefrontModifier): string {
  if (modifier.minSelections > 1 && modifier.minSelections === modifier.maxSelections) return m.chooseExactly(modifier.minSelections);
  return m.chooseUpTo(modifier.maxSelections);
}
