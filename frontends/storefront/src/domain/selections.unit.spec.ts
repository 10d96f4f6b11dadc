import { describe, expect, it } from '@jest/globals';
import { initialSelections, selectionErrors, selectionHint, toggleOption, unitPriceMinor } from './selections';
import type { StorefrontModifier, StorefrontProduct } from './types';

const options = (...labels: string[]) => labels.map((label, i) => ({ id: `o${i + 1}`, label, additionalCost: i * 0.5 }));
const modifier = (over: Partial<StorefrontModifier>): StorefrontModifier => ({
  id: 'm1', title: 'Sauce', instructions: '', description: '', options: options('Salsa', 'Queso', 'Guac'), minSelections: 0, maxSelections: 1, ...over,
});
const product: StorefrontProduct = { id: 'p1', title: 'Nachos', description: '', price: 8.25, images: [], code: 'N1', manageStock: false, stockQuantity: 0, soldOut: false, modifiers: ['m1'] };

describe('modifier rules in the product sheet', () => {
  it('given a required modifier with nothing chosen, then it says {title} is required', () => {
    expect(selectionErrors([modifier({ minSelections: 1 })], {})).toEqual({ m1: 'Sauce is required' });
  });

  it('given fewer or more options than the rules allow, then it says so in the orders service words', () => {
    const exactlyTwo = modifier({ minSelections: 2, maxSelections: 2 });
    expect(selectionErrors([exactlyTwo], { m1: ['o1'] })).toEqual({ m1: 'Choose at least 2 for Sauce' });
    expect(selectionErrors([exactlyTwo], { m1: ['o1', 'o2', 'o3'] })).toEqual({ m1: 'Choose at most 2 for Sauce' });
    expect(selectionErrors([exactlyTwo], { m1: ['o1', 'o2'] })).toEqual({});
    expect(selectionErrors([modifier({})], {})).toEqual({});
  });

  it('given a one-choice modifier, when another option is ticked, then it replaces the first', () => {
    expect(toggleOption({ m1: ['o1'] }, modifier({}), 'o2')).toEqual({ m1: ['o2'] });
    expect(toggleOption({ m1: ['o2'] }, modifier({}), 'o2')).toEqual({ m1: [] });
  });

  it('given a modifier at its maximum, when another option is ticked, then nothing changes; options keep their order', () => {
    const upToTwo = modifier({ maxSelections: 2 });
    expect(toggleOption({ m1: ['o3', 'o1'] }, upToTwo, 'o2')).toEqual({ m1: ['o3', 'o1'] });
    expect(toggleOption({ m1: ['o3'] }, upToTwo, 'o1')).toEqual({ m1: ['o1', 'o3'] });
  });

  it('given preSelected options, then they start chosen, no more than the maximum', () => {
    const pre = modifier({ options: options('A', 'B', 'C').map((o) => ({ ...o, preSelected: true })), maxSelections: 2 });
    expect(initialSelections([pre])).toEqual({ m1: ['o1', 'o2'] });
  });

  it('given chosen options, then one unit costs the product plus their additional costs', () => {
    expect(unitPriceMinor(product, [modifier({ maxSelections: 3 })], { m1: ['o2', 'o3'] })).toBe(825 + 50 + 100);
  });

  it('given the rules, then the hint says how many to choose', () => {
    expect([modifier({}), modifier({ maxSelections: 3 }), modifier({ minSelections: 2, maxSelections: 2 })].map(selectionHint)).toEqual(['Choose 1', 'Choose up to 3', 'Choose 2']);
  });
});
