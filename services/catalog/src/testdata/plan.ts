import type { MenuCommand } from '../menus/menu';
import type { ProductCommand } from '../products/product';
import { toMinor } from '../entities';
import type { SampleMenu, SampleProduct } from '../demo/samples';

/** The merchant's sandbox, now; `currency` its money's (merchantCurrency), which products carry. */
type Sandbox = { merchantId: string; at: string; currency: string };
type CreateProduct = Extract<ProductCommand, { type: 'CreateProduct' }>;
type CreateMenu = Extract<MenuCommand, { type: 'CreateMenu' }>;

/**
 * What an import still has to create: a re-import skips the sample products whose code and the
 * sample menus whose title the merchant's sandbox already holds, so importing twice adds nothing.
 */
export function missingFromSandbox<S extends { products: SampleProduct[]; menus: SampleMenu[] }>(
  sample: S,
  sandbox: { productCodes: ReadonlySet<string>; menuTitles: ReadonlySet<string> },
): { products: SampleProduct[]; menus: SampleMenu[] } {
  return {
    products: sample.products.filter((product) => !sandbox.productCodes.has(product.code)),
    menus: sample.menus.filter((menu) => !sandbox.menuTitles.has(menu.title)),
  };
}

/** A sample product as the create command the products route would run, in sandbox mode. */
export const createSampleProduct = (product: SampleProduct, productId: string, { merchantId, at, currency }: Sandbox): CreateProduct => ({
  type: 'CreateProduct',
  data: {
    productId,
    merchantId,
    testMode: true,
    title: product.title,
    description: product.description,
    priceMinor: toMinor(product.price),
    manageStock: product.manageStock ?? false,
    stockQuantity: product.stockQuantity ?? 0,
    images: [],
    code: product.code,
    modifiers: [],
    currency,
    at,
  },
});

/** A sample menu as the create command the menus route would run, its product codes resolved to ids. */
export const createSampleMenu = (menu: SampleMenu, menuId: string, productIds: ReadonlyMap<string, string>, { merchantId, at }: Sandbox): CreateMenu => ({
  type: 'CreateMenu',
  data: {
    menuId,
    merchantId,
    testMode: true,
    title: menu.title,
    description: menu.description,
    branding: { banner: null, icon: null },
    availability: menu.availability.allDayMenu
      ? { allDayMenu: true, begin: null, end: null }
      : { allDayMenu: false, begin: menu.availability.begin ?? '0000', end: menu.availability.end ?? '2359' },
    products: menu.productCodes.flatMap((code) => productIds.get(code) ?? []),
    at,
  },
});
