import { handleCommand, type EventMetadata, type ServiceDeps } from '@seatside/chassis';
import type { SampleMerchant } from '../demo/samples';
import { merchantCurrency } from '../entities';
import { menuDecider, menuStream } from '../menus/menu';
import { menus, projectMenus, type MenuDoc } from '../menus/projections';
import { productDecider, productStream } from '../products/product';
import { products, projectProducts, type ProductDoc } from '../products/projections';
import { createSampleMenu, createSampleProduct, missingFromSandbox } from './plan';
import { sandboxDocs } from './sandbox';

/** Product code → id of the merchant's sandbox products; the oldest wins when codes repeat. */
const idsByCode = (docs: ProductDoc[]) => new Map([...docs].reverse().filter((doc) => doc.code).map((doc) => [doc.code, doc.id] as const));

/**
 * Imports a sample merchant's products, then its menus, into a merchant's sandbox through the
 * same create commands and projections as the REST routes. Answers how many records it created.
 */
export async function importSample(deps: ServiceDeps, merchantId: string, sample: SampleMerchant, metadata: EventMetadata): Promise<number> {
  const productIds = idsByCode(await sandboxDocs<ProductDoc>(deps, products, merchantId));
  const menuTitles = new Set((await sandboxDocs<MenuDoc>(deps, menus, merchantId)).map((menu) => menu.title));
  const missing = missingFromSandbox(sample, { productCodes: new Set(productIds.keys()), menuTitles });
  const currency = await merchantCurrency(deps.readModels, merchantId);
  const sandbox = () => ({ merchantId, at: deps.now().toISOString(), currency });

  for (const product of missing.products) {
    const productId = deps.newId();
    await handleCommand(deps.eventStore, productStream(productId), productDecider, createSampleProduct(product, productId, sandbox()), {
      metadata,
      inline: [projectProducts(deps.readModels)],
    });
    productIds.set(product.code, productId);
  }
  for (const menu of missing.menus) {
    const menuId = deps.newId();
    await handleCommand(deps.eventStore, menuStream(menuId), menuDecider, createSampleMenu(menu, menuId, productIds, sandbox()), {
      metadata,
      inline: [projectMenus(deps.readModels)],
    });
  }
  return missing.products.length + missing.menus.length;
}
