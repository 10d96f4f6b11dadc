import fc from 'fast-check';
import type { ModifierView, ProductView } from '../catalog/view';
import { priceCart, quantitiesByProduct, type CartCatalog } from './cart';

const rules = (over: Partial<ModifierView['rules']> = {}): ModifierView['rules'] => ({ required: false, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, ...over });
const modifier = (id: string, options: [string, number][], over: Partial<ModifierView['rules']> = {}, merchantId = 'm'): ModifierView => ({
  id, merchantId, testMode: false, title: id.toUpperCase(), options: options.map(([oid, cost]) => ({ id: oid, label: oid, additionalCostMinor: cost })), rules: rules(over),
});
const product = (id: string, priceMinor: number, modifiers: string[] = [], over: Partial<ProductView> = {}): ProductView => ({
  id, merchantId: 'm', testMode: false, title: id, priceMinor, manageStock: false, modifiers, ...over,
});
const catalogOf = (products: ProductView[], modifiers: ModifierView[]): CartCatalog => ({
  merchantId: 'm', testMode: false, products: new Map(products.map((p) => [p.id, p])), modifiers: new Map(modifiers.map((x) => [x.id, x])),
});
const catalog = catalogOf(
  [product('burger', 950, ['size', 'extras', 'foreign']), product('soda', 200), product('theirs', 100, [], { merchantId: 'x' }), product('sandbox', 100, [], { testMode: true })],
  [modifier('size', [['s', 0], ['l', 125]], { required: true }), modifier('extras', [['a', 50], ['b', 100], ['c', 25]], { allowedMultiple: true, selectRestriction: 2 }), modifier('foreign', [['z', 1]], {}, 'x')],
);

describe('priceCart', () => {
  it('given a burger (large, a and b) ×2, then the unit price adds the options and the line total multiplies', () => {
    const result = priceCart([{ productId: 'burger', quantity: 2, modifiers: [{ modifierId: 'size', optionIds: ['l'] }, { modifierId: 'extras', optionIds: ['a', 'b'] }] }], catalog);
    expect(result).toEqual({
      ok: true,
      lines: [{ lineItemId: '1', productId: 'burger', title: 'burger', quantity: 2, unitPriceMinor: 1225, totalMinor: 2450, options: [
        { modifierId: 'size', optionId: 'l', label: 'l', additionalCostMinor: 125 },
        { modifierId: 'extras', optionId: 'a', label: 'a', additionalCostMinor: 50 },
        { modifierId: 'extras', optionId: 'b', label: 'b', additionalCostMinor: 100 },
      ] }],
      priced: [{ productId: 'burger', quantity: 2, unitPriceMinor: 1225 }],
    });
  });

  it.each([
    ['an unknown product', { productId: 'nope', quantity: 1, modifiers: [] }, { 'lineItems.0.productId': 'This product is not available' }],
    ["another merchant's product", { productId: 'theirs', quantity: 1, modifiers: [] }, { 'lineItems.0.productId': 'This product is not available' }],
    ['a product of the other mode', { productId: 'sandbox', quantity: 1, modifiers: [] }, { 'lineItems.0.productId': 'This product is not available' }],
    ['a modifier the product lacks', { productId: 'soda', quantity: 1, modifiers: [{ modifierId: 'size', optionIds: ['s'] }] }, { 'lineItems.0.modifiers.0.modifierId': 'This modifier does not belong to the product' }],
    ["a listed modifier of another merchant", { productId: 'burger', quantity: 1, modifiers: [{ modifierId: 'size', optionIds: ['s'] }, { modifierId: 'foreign', optionIds: ['z'] }] }, { 'lineItems.0.modifiers.1.modifierId': 'This modifier does not belong to the product' }],
    ['an option of another modifier', { productId: 'burger', quantity: 1, modifiers: [{ modifierId: 'size', optionIds: ['a'] }] }, { 'lineItems.0.modifiers.0.optionIds': 'This option does not belong to the modifier' }],
    ['no required size', { productId: 'burger', quantity: 1, modifiers: [] }, { 'lineItems.0.modifiers': 'SIZE is required' }],
    ['three extras', { productId: 'burger', quantity: 1, modifiers: [{ modifierId: 'size', optionIds: ['s'] }, { modifierId: 'extras', optionIds: ['a', 'b', 'c'] }] }, { 'lineItems.0.modifiers.1.optionIds': 'Choose at most 2 for EXTRAS' }],
  ])('given %s, then refused on its field', (_label, line, errors) => {
    expect(priceCart([line], catalog)).toEqual({ ok: false, errors });
  });

  it('given any quantities, then every line total is unit price × quantity and the unit price is the product price for a plain product', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 10 }), (quantities) => {
      const result = priceCart(quantities.map((quantity) => ({ productId: 'soda', quantity, modifiers: [] })), catalog);
      if (!result.ok) return false;
      return result.lines.every((line, i) => line.unitPriceMinor === 200 && line.totalMinor === 200 * quantities[i]!);
    }));
  });
});

describe('quantitiesByProduct', () => {
  it('given one product on two lines, then their quantities add up', () => {
    const result = priceCart([{ productId: 'soda', quantity: 2, modifiers: [] }, { productId: 'soda', quantity: 3, modifiers: [] }], catalog);
    expect(result.ok && [...quantitiesByProduct(result.lines)]).toEqual([['soda', 5]]);
  });
});
