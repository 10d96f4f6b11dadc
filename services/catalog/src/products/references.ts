import { validationFailed, type ReadModelStore } from '@seatside/chassis';
import { productMessages } from './product';
import { products, type ProductDoc } from './projections';

/**
 * Refuses a record that names products (a menu's `products`) unless each is a live product of the
 * same merchant and mode: 400 'Product not found' on the field and on each entry that is not
 * (`products.2`), so nothing is saved that the storefront would show as missing.
 */
export async function refuseUnknownProducts(readModels: ReadModelStore, field: string, ids: readonly string[], owner: { merchantId: string; testMode: boolean }): Promise<void> {
  if (ids.length === 0) return;
  const found = await readModels.collection<ProductDoc>(products).getMany([...new Set(ids)]);
  const known = new Set(found.filter((doc) => doc.merchantId === owner.merchantId && doc.testMode === owner.testMode).map((doc) => doc.id));
  const errors: Record<string, string> = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) errors[`${field}.${index}`] = productMessages.notFound;
  });
  if (Object.keys(errors).length > 0) throw validationFailed(productMessages.notFound, { [field]: productMessages.notFound, ...errors });
}
