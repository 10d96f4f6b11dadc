import { describe, expect, it } from '@jest/globals';
import type { StorefrontModifier, StorefrontProduct } from '../domain/types';
import type { CartLine } from './lines';
import { pricedLines } from './pricing';

const product = (over: Partial<StorefrontProduct>): StorefrontProduct => ({
  id: 'water', title: 'Bottled Water', description: '', price: 4, images: [], code: 'W1', manageStock: false, stockQuantity: 0, soldOut: false, modifiers: [], ...over,
});
const size: StorefrontModifier = {
  id: 'size', title: 'Size', instructions: '', description: '', minSelections: 1, maxSelections: 1,
  options: [{ id: 'small', label: 'Small', additionalCost: 0 }, { id: 'large', label: 'Large', additionalCost: 1.5 }],
};
const line = (over: Partial<CartLine>): CartLine => ({ key: 'water|', productId: 'water', title: 'Bottled Water', quantity: 2, unitPriceMinor: 400, modifiers: [], optionLabels: [], ...over });

describe('a cart priced from the menu as it is now', () => {
  it('given a line added at $4.00, when the product now costs $4.50, then the line says $4.50 a unit', () => {
    const lines = [line({})];
    expect(pricedLines(lines, { products: { water: product({ price: 4.5 }) }, modifiers: {} })).toEqual([line({ unitPriceMinor: 450 })]);
  });

  it("given a line with Large, when Large now costs $2.00 more and is called Tall, then the line's price and label follow", () => {
    const burger = product({ id: 'burger', title: 'Burger', price: 12.5, modifiers: ['size'] });
    const large = line({ key: 'burger|size:large', productId: 'burger', title: 'Burger', unitPriceMinor: 1400, modifiers: [{ modifierId: 'size', optionIds: ['large'] }], optionLabels: ['Large'] });
    const now = { ...size, options: [size.options[0]!, { id: 'large', label: 'Tall', additionalCost: 2 }] };
    expect(pricedLines([large], { products: { burger }, modifiers: { size: now } })).toEqual([{ ...large, unitPriceMinor: 1450, optionLabels: ['Tall'] }]);
  });

  it('given lines already at their prices, or of a product no longer on the menu, then the very same lines come back (nothing to store)', () => {
    const lines = [line({}), line({ key: 'gone|', productId: 'gone', title: 'Gone', unitPriceMinor: 999 })];
    expect(pricedLines(lines, { products: { water: product({}) }, modifiers: {} })).toBe(lines);
  });
});
