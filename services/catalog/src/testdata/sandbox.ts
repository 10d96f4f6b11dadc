import { handleCommand, isDomainError, type CollectionSpec, type Doc, type EventMetadata, type ServiceDeps } from '@seatside/chassis';
import { couponDecider, couponStream } from '../coupons/coupon';
import { coupons, projectCoupons } from '../coupons/projections';
import { customerDecider, customerStream } from '../customers/customer';
import { customers, projectCustomers } from '../customers/projections';
import { menuDecider, menuStream } from '../menus/menu';
import { menus, projectMenus } from '../menus/projections';
import { modifierDecider, modifierStream } from '../modifiers/modifier';
import { modifiers, projectModifiers } from '../modifiers/projections';
import { productDecider, productStream } from '../products/product';
import { products, projectProducts } from '../products/projections';
import { serviceDecider, serviceStream } from '../services/service';
import { projectServices, services } from '../services/projections';

const PAGE = 500;

/** The merchant's sandbox as a whole: one `TestDataDeleted` per Delete Test Data (published for other services). */
export const sandboxStream = (merchantId: string) => `sandbox-${merchantId}`;
export type SandboxEvent = { type: 'TestDataDeleted'; data: { merchantId: string; at: string } };

/** Every sandbox (testMode) record of one merchant in a collection, page by page. */
export async function sandboxDocs<D extends Doc>(deps: ServiceDeps, spec: CollectionSpec, merchantId: string): Promise<D[]> {
  const docs: D[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.readModels.collection<D>(spec).find({ filter: { merchantId, testMode: true }, limit: PAGE, cursor });
    docs.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return docs;
}

type Target = { merchantId: string; id: string; at: string; metadata: EventMetadata };
type SandboxEntity = { spec: CollectionSpec; remove(target: Target): Promise<unknown> };

/** The six catalog entities with the delete command their routes run, menus before the products they list. */
function sandboxEntities(deps: ServiceDeps): SandboxEntity[] {
  const { eventStore, readModels, schema } = deps;
  return [
    { spec: menus, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, menuStream(id), menuDecider, { type: 'DeleteMenu', data: { menuId: id, merchantId, at } }, { metadata, inline: [projectMenus(readModels)] }) },
    { spec: products, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, productStream(id), productDecider, { type: 'DeleteProduct', data: { productId: id, merchantId, at } }, { metadata, inline: [projectProducts(readModels)] }) },
    { spec: modifiers, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, modifierStream(id), modifierDecider, { type: 'DeleteModifier', data: { modifierId: id, merchantId, at } }, { metadata, inline: [projectModifiers(readModels)] }) },
    { spec: coupons, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, couponStream(id), couponDecider, { type: 'DeleteCoupon', data: { couponId: id, merchantId, at } }, { metadata, inline: [projectCoupons(readModels, schema)] }) },
    { spec: customers, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, customerStream(id), customerDecider, { type: 'DeleteCustomer', data: { customerId: id, merchantId, at } }, { metadata, inline: [projectCustomers(readModels)] }) },
    { spec: services, remove: ({ merchantId, id, at, metadata }) =>
      handleCommand(eventStore, serviceStream(id), serviceDecider, { type: 'DeleteService', data: { serviceId: id, merchantId, at } }, { metadata, inline: [projectServices(readModels)] }) },
  ];
}

/** A record deleted meanwhile (by its route, or a concurrent call) is already gone: not an error here. */
const alreadyGone = (error: unknown) => isDomainError(error) && error.kind === 'NotFound';

/**
 * Deletes every sandbox coupon, customer, modifier, product, menu and service of a merchant through
 * the normal delete commands (one stream each, so each is its own transaction), then records
 * `TestDataDeleted` on the merchant's sandbox stream, which the published stream carries to the
 * services holding other sandbox records (the orders service's orders and sales figures, the tags
 * service's tags and templates). Production records are never read. Answers how many catalog
 * records were deleted.
 */
export async function deleteSandbox(deps: ServiceDeps, merchantId: string, metadata: EventMetadata): Promise<number> {
  let deleted = 0;
  for (const entity of sandboxEntities(deps)) {
    for (const doc of await sandboxDocs(deps, entity.spec, merchantId)) {
      try {
        await entity.remove({ merchantId, id: doc.id, at: deps.now().toISOString(), metadata });
        deleted += 1;
      } catch (error) {
        if (!alreadyGone(error)) throw error;
      }
    }
  }
  const event: SandboxEvent = { type: 'TestDataDeleted', data: { merchantId, at: deps.now().toISOString() } };
  await deps.eventStore.appendToStream(sandboxStream(merchantId), [{ ...event, metadata }], { expectedVersion: 'any' });
  return deleted;
}
