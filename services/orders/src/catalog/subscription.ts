import type { Collection, ServiceDeps, StoredEvent, Tx } from '@seatside/chassis';
import { checkoutOptionsOf, defaultCheckoutOptions } from './checkout-options';
import { couponViewOf, DEFAULT_TIME_ZONE, hoursViewOf, menuPatchOf, menuViewOf, modifierViewOf, productPatchOf, productViewOf, type CatalogEvent } from './events';
import type { StockTable } from './stock';
import { catalogCoupons, catalogMenus, catalogMerchants, catalogModifiers, catalogProducts, type CouponView, type MenuView, type MerchantView, type ModifierView, type ProductView } from './view';

/**
 * The checkpoint's name. It changes when the view starts keeping what it passed over before (v2:
 * the merchants' hours and time zone, and the menus), so the next start replays the catalog's log
 * into it (each record ignores an event older than what set it, so a replay is safe).
 */
export const CATALOG_SUBSCRIPTION = 'orders-catalog-v2';

/** The catalog events the view reads; the others (a product's stock reductions, say) pass by. */
export const CATALOG_EVENT_TYPES: readonly string[] = [
  ...['Product', 'Modifier', 'Coupon', 'Merchant', 'Menu'].flatMap((kind) => ['Created', 'Updated', 'Deleted'].map((change) => `${kind}${change}`)),
  'CheckoutOptionsChanged',
];

type Positioned = { id: string; position?: number };

/** Whether an event at `position` is newer than what set the record (an absent record: yes). */
const isNewer = async (collection: Collection<Positioned>, id: string, position: number) => ((await collection.get(id))?.position ?? 0) < position;

/**
 * Applies one catalog event to the view, through the subscription's transaction (so it commits
 * with the checkpoint, exactly once). Each record keeps the catalog position that last set it and
 * ignores an older event, like the stock table, so a redelivered event changes nothing.
 */
export function projectCatalogEvent(deps: Pick<ServiceDeps, 'readModels'>, stock: StockTable) {
  return async (stored: StoredEvent, tx: Tx): Promise<void> => {
    const event = { type: stored.type, data: stored.data } as CatalogEvent;
    const position = stored.globalPosition;
    const products = deps.readModels.collection<ProductView>(catalogProducts, tx);
    const modifiers = deps.readModels.collection<ModifierView>(catalogModifiers, tx);
    const coupons = deps.readModels.collection<CouponView>(catalogCoupons, tx);
    const merchants = deps.readModels.collection<MerchantView>(catalogMerchants, tx);
    const menus = deps.readModels.collection<MenuView>(catalogMenus, tx);
    const newer = (collection: Collection<Positioned>, id: string) => isNewer(collection, id, position);
    switch (event.type) {
      case 'ProductCreated': {
        if (await newer(products, event.data.productId)) await products.put({ ...productViewOf(event.data), position });
        await stock.set(tx, event.data.productId, { managed: event.data.manageStock, quantity: event.data.stockQuantity }, stored.globalPosition);
        break;
      }
      case 'ProductUpdated': {
        const { productId, manageStock, stockQuantity } = event.data;
        if (await newer(products, productId)) await products.patch(productId, { ...productPatchOf(event.data), position });
        if (manageStock !== undefined || stockQuantity !== undefined) {
          await stock.set(tx, productId, { managed: manageStock, quantity: stockQuantity }, stored.globalPosition);
        }
        break;
      }
      case 'ProductDeleted':
        await products.delete(event.data.productId);
        await stock.remove(tx, event.data.productId);
        break;
      case 'ModifierCreated':
      case 'ModifierUpdated':
        if (await newer(modifiers, event.data.modifierId)) await modifiers.put({ ...modifierViewOf(event.data), position });
        break;
      case 'ModifierDeleted':
        await modifiers.delete(event.data.modifierId);
        break;
      case 'CouponCreated':
      case 'CouponUpdated':
        if (await newer(coupons, event.data.couponId)) await coupons.put({ ...couponViewOf(event.data), position });
        break;
      case 'CouponDeleted':
        await coupons.delete(event.data.couponId);
        break;
      case 'MerchantCreated':
        if (!(await merchants.get(event.data.id))) {
          const timeZone = typeof event.data.timeZone === 'string' && event.data.timeZone ? event.data.timeZone : DEFAULT_TIME_ZONE;
          await merchants.put({ id: event.data.id, checkoutOptions: defaultCheckoutOptions(), timeZone, hours: [], position });
        }
        break;
      case 'MerchantUpdated': {
        // Only the hours and details sections matter here (branding and the rest pass by).
        const hours = hoursViewOf(event.data.hours);
        const timeZone = typeof event.data.timeZone === 'string' && event.data.timeZone ? event.data.timeZone : undefined;
        if ((hours || timeZone) && (await newer(merchants, event.data.id))) {
          await merchants.patch(event.data.id, { ...(hours ? { hours } : {}), ...(timeZone ? { timeZone } : {}), position });
        }
        break;
      }
      case 'CheckoutOptionsChanged': {
        const { merchantId } = event.data;
        const current = await merchants.get(merchantId);
        // A patch: the hours and time zone of the record stay.
        if ((current?.position ?? 0) < position) await merchants.put({ ...(current ?? { id: merchantId }), checkoutOptions: checkoutOptionsOf(event.data.checkoutOptions), position });
        break;
      }
      case 'MenuCreated':
        if (await newer(menus, event.data.menuId)) await menus.put({ ...menuViewOf(event.data), position });
        break;
      case 'MenuUpdated':
        if (await newer(menus, event.data.menuId)) await menus.patch(event.data.menuId, { ...menuPatchOf(event.data), position });
        break;
      case 'MenuDeleted':
        await menus.delete(event.data.menuId);
        break;
    }
  };
}
