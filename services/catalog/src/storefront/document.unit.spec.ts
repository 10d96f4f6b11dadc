import type { MenuDoc } from '../menus/projections';
import type { ModifierDoc } from '../modifiers/projections';
import type { Product } from '../products/projections';
import { noBranding } from '../tenants/branding';
import type { TenantDoc } from '../tenants/projections';
import { isSoldOut, storefrontOf } from './document';

const at = '2026-11-22T12:00:00.000Z';
const merchant: TenantDoc = {
  id: 'm1', collection: 'merchants', name: 'Shop', description: '', handle: 'shop', googlePlaceId: 'ChIJ', timeZone: 'UTC',
  branding: noBranding(), createdBy: 'alice', createdAt: at, updatedAt: at,
};
const product = (id: string, fields: Partial<Product> = {}): Product => ({
  id, merchantId: 'm1', testMode: false, title: id, description: '', price: 1.5, manageStock: false, stockQuantity: 0, images: [], code: id,
  modifiers: [], createdAt: at, updatedAt: at, version: 1, ...fields,
});
const menu = (products: string[]): MenuDoc => ({
  id: 'menu1', merchantId: 'm1', testMode: false, title: 'All day', description: '', branding: { banner: null, icon: null },
  availability: { allDayMenu: true, begin: null, end: null }, products, createdAt: at, updatedAt: at, version: 1,
});
const modifier: ModifierDoc = {
  id: 'mod1', merchantId: 'm1', testMode: false, title: 'Size', instructions: '', description: '', createdAt: at, updatedAt: at, version: 1,
  options: [{ id: 'o1', label: 'Large', additionalCost: 1, additionalCalories: 90, preSelected: false }],
  rules: { required: true, allowedMultiple: false, selectRestriction: 0, requireSelectRestriction: false, enableOptionQuantity: false },
  minSelections: 1, maxSelections: 1,
};

describe('storefront document', () => {
  it.each([
    [false, 0, false], [true, 0, true], [true, 1, false], [true, -2, true],
  ])('given manageStock %s and stockQuantity %s, then soldOut is %s', (manageStock, stockQuantity, soldOut) => {
    expect(isSoldOut({ manageStock, stockQuantity })).toBe(soldOut);
  });

  it('given ids of records that are gone, then menus and products leave them out', () => {
    const doc = storefrontOf({ merchant, menus: [menu(['p2', 'missing', 'p1'])], products: [product('p1', { modifiers: ['mod1', 'old'] }), product('p2')], modifiers: [modifier] });
    expect(doc.menus[0]!.products).toEqual(['p2', 'p1']);
    expect(doc.products.p1!.modifiers).toEqual(['mod1']);
    expect(doc.modifiers.mod1).toEqual({
      id: 'mod1', title: 'Size', instructions: '', description: '', rules: modifier.rules, minSelections: 1, maxSelections: 1,
      options: [{ id: 'o1', label: 'Large', additionalCost: 1, additionalCalories: 90, preSelected: false }],
    });
  });

  it('given a merchant, then only the public fields: no googlePlaceId, creator or private checkout settings', () => {
    const { merchant: shop } = storefrontOf({ merchant, menus: [], products: [], modifiers: [] });
    expect(shop).not.toHaveProperty('googlePlaceId');
    expect(shop).not.toHaveProperty('createdBy');
    expect(shop.checkoutOptions).not.toHaveProperty('forwardOrdersToSquare');
    expect(shop).toMatchObject({ hours: [], colors: null, fonts: null, address: null, checkoutOptions: { currency: 'USD', taxRate: 0 } });
  });
});
