import { sampleMerchants } from '../demo/samples';
import { createSampleMenu, createSampleProduct, missingFromSandbox } from './plan';
import { confirmsDeletion, sampleNamed } from './testdata';

type Sample = (typeof sampleMerchants)[number];
const [grill, cafe] = sampleMerchants as [Sample, Sample];
const [burger] = grill.products as [Sample['products'][number]];
const [breakfast] = cafe.menus as [Sample['menus'][number]];
const sandbox = { merchantId: 'm1', at: '2026-11-22T12:00:00.000Z', currency: 'EUR' };

describe('test data rules', () => {
  it('given a sample by the name the picker shows or by its handle, then that sample; otherwise none', () => {
    expect(sampleNamed('Stadium Grill')).toBe(grill);
    expect(sampleNamed('corner-cafe')).toBe(cafe);
    expect(sampleNamed('stadium grill')).toBeUndefined();
    expect(sampleNamed('Joe’s Pizza')).toBeUndefined();
  });

  it('given the body, then only exactly {teleport: {delete: "DELETE"}} confirms', () => {
    expect(confirmsDeletion({ teleport: { delete: 'DELETE' } })).toBe(true);
    for (const body of [undefined, null, {}, { teleport: 'DELETE' }, { teleport: { delete: 'delete' } }, { teleport: { delete: ' DELETE' } }, { delete: 'DELETE' }]) {
      expect(confirmsDeletion(body)).toBe(false);
    }
  });

  it('given an empty sandbox, then everything is missing; given the sample imported, then nothing is', () => {
    expect(missingFromSandbox(grill, { productCodes: new Set(), menuTitles: new Set() })).toEqual({ products: grill.products, menus: grill.menus });
    const imported = { productCodes: new Set(grill.products.map((p) => p.code)), menuTitles: new Set(grill.menus.map((m) => m.title)) };
    expect(missingFromSandbox(grill, imported)).toEqual({ products: [], menus: [] });
  });

  it('given a sample product, then a sandbox CreateProduct in minor units of the merchant\'s currency with the stock defaults', () => {
    const command = createSampleProduct(burger, 'p1', sandbox);
    expect(command).toEqual({
      type: 'CreateProduct',
      data: { productId: 'p1', merchantId: 'm1', testMode: true, title: 'Classic Burger', description: burger.description, priceMinor: 1250, manageStock: false, stockQuantity: 0, images: [], code: 'GRL-001', modifiers: [], currency: 'EUR', at: sandbox.at },
    });
  });

  it('given a sample menu with hours, then a sandbox CreateMenu with its product ids in order', () => {
    const ids = new Map(cafe.products.map((p, i) => [p.code, `p${i}`] as const));
    const command = createSampleMenu(breakfast, 'menu1', ids, sandbox);
    expect(command.data).toMatchObject({ menuId: 'menu1', testMode: true, title: 'Breakfast', availability: { allDayMenu: false, begin: '0700', end: '1100' }, products: ['p0', 'p1', 'p2', 'p3'] });
  });
});
