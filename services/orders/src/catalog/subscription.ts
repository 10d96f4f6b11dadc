import type { Collection, ServiceDeps, Tx } from '@seatside/chassis';
import { catalogV1 } from '@seatside/proto';
import { couponViewOf, checkoutOptionsFromMessage, DEFAULT_TIME_ZONE, hoursViewOf, menuViewOf, modifierViewOf, ownerOf, productViewOf } from './messages';
import type { StockTable } from './stock';
import { catalogCoupons, catalogMenus, catalogMerchants, catalogModifiers, catalogProducts, type CouponView, type MenuView, type MerchantView, type ModifierView, type ProductView } from './view';

/**
 * The checkpoint's name. The catalog's published stream keeps the positions of its log, so the
 * view moved from the log to the published stream without a replay. It changes when the view starts
 * keeping what it passed over before, so the next start replays the stream into it (each record
 * ignores a message older than what set it, so a replay is safe).
 */
export const CATALOG_SUBSCRIPTION = 'orders-catalog-v2';

/** The catalog's integration events the view reads; the others (customers, venues) pass by. */
export const CATALOG_MESSAGES = [
  catalogV1.ProductCreatedSchema, catalogV1.ProductUpdatedSchema, catalogV1.ProductDeletedSchema,
  catalogV1.ModifierCreatedSchema, catalogV1.ModifierUpdatedSchema, catalogV1.ModifierDeletedSchema,
  catalogV1.CouponCreatedSchema, catalogV1.CouponUpdatedSchema, catalogV1.CouponDeletedSchema,
  catalogV1.MerchantCreatedSchema, catalogV1.MerchantUpdatedSchema,
  catalogV1.MenuCreatedSchema, catalogV1.MenuUpdatedSchema, catalogV1.MenuDeletedSchema,
] as const;

export type CatalogMessage =
  | catalogV1.ProductCreated | catalogV1.ProductUpdated | catalogV1.ProductDeleted
  | catalogV1.ModifierCreated | catalogV1.ModifierUpdated | catalogV1.ModifierDeleted
  | catalogV1.CouponCreated | catalogV1.CouponUpdated | catalogV1.CouponDeleted
  | catalogV1.MerchantCreated | catalogV1.MerchantUpdated
  | catalogV1.MenuCreated | catalogV1.MenuUpdated | catalogV1.MenuDeleted;

type Positioned = { id: string; position?: number };

/** Whether a message at `position` is newer than what set the record (an absent record: yes). */
const isNewer = async (collection: Collection<Positioned>, id: string, position: number) => ((await collection.get(id))?.position ?? 0) < position;

const STOCK_FIELDS = ['manage_stock', 'stock_quantity'];

/**
 * Applies one catalog message to the view, through the subscription's transaction (so it commits
 * with the checkpoint, exactly once). Each record keeps the catalog position that last set it and
 * ignores an older message, like the stock table, so a redelivered message changes nothing.
 */
export function projectCatalogMessage(deps: Pick<ServiceDeps, 'readModels'>, stock: StockTable) {
  return async (message: CatalogMessage, position: number, tx: Tx): Promise<void> => {
    const products = deps.readModels.collection<ProductView>(catalogProducts, tx);
    const modifiers = deps.readModels.collection<ModifierView>(catalogModifiers, tx);
    const coupons = deps.readModels.collection<CouponView>(catalogCoupons, tx);
    const merchants = deps.readModels.collection<MerchantView>(catalogMerchants, tx);
    const menus = deps.readModels.collection<MenuView>(catalogMenus, tx);
    const newer = (collection: Collection<Positioned>, id: string) => isNewer(collection, id, position);
    const owner = ownerOf(message.envelope);
    switch (message.$typeName) {
      case 'seatside.catalog.v1.ProductCreated': {
        const product = message.product;
        if (!product) return;
        if (await newer(products, product.productId)) await products.put({ ...productViewOf(product, owner), position });
        await stock.set(tx, product.productId, { managed: product.manageStock, quantity: Number(product.stockQuantity) }, position);
        return;
      }
      case 'seatside.catalog.v1.ProductUpdated': {
        const product = message.product;
        if (!product) return;
        if (await newer(products, product.productId)) await products.put({ ...productViewOf(product, owner), position });
        // Only the merchant's own stock edits: the orders service keeps the count between them.
        const changed = message.changedFields.filter((field) => STOCK_FIELDS.includes(field));
        if (changed.length > 0) {
          await stock.set(tx, product.productId, {
            managed: changed.includes('manage_stock') ? product.manageStock : undefined,
            quantity: changed.includes('stock_quantity') ? Number(product.stockQuantity) : undefined,
          }, position);
        }
        return;
      }
      case 'seatside.catalog.v1.ProductDeleted':
        await products.delete(message.productId);
        await stock.remove(tx, message.productId);
        return;
      case 'seatside.catalog.v1.ModifierCreated':
      case 'seatside.catalog.v1.ModifierUpdated':
        if (message.modifier && (await newer(modifiers, message.modifier.modifierId))) await modifiers.put({ ...modifierViewOf(message.modifier, owner), position });
        return;
      case 'seatside.catalog.v1.ModifierDeleted':
        await modifiers.delete(message.modifierId);
        return;
      case 'seatside.catalog.v1.CouponCreated':
      case 'seatside.catalog.v1.CouponUpdated':
        if (message.coupon && (await newer(coupons, message.coupon.couponId))) await coupons.put({ ...couponViewOf(message.coupon, owner), position });
        return;
      case 'seatside.catalog.v1.CouponDeleted':
        await coupons.delete(message.couponId);
        return;
      case 'seatside.catalog.v1.MerchantCreated':
      case 'seatside.catalog.v1.MerchantUpdated': {
        const merchant = message.merchant;
        if (!merchant || !(await newer(merchants, merchant.merchantId))) return;
        await merchants.put({
          id: merchant.merchantId,
          checkoutOptions: checkoutOptionsFromMessage(merchant.checkoutOptions),
          timeZone: merchant.timeZone || DEFAULT_TIME_ZONE,
          hours: hoursViewOf(merchant.hours),
          name: merchant.name,
          handle: merchant.handle,
          position,
        });
        return;
      }
      case 'seatside.catalog.v1.MenuCreated':
      case 'seatside.catalog.v1.MenuUpdated':
        if (message.menu && (await newer(menus, message.menu.menuId))) await menus.put({ ...menuViewOf(message.menu, owner), position });
        return;
      case 'seatside.catalog.v1.MenuDeleted':
        await menus.delete(message.menuId);
        return;
    }
  };
}
