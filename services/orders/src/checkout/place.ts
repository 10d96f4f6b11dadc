import { hash } from 'node:crypto';
import { notFound, pooledRandomBytes, validationFailed, type ReadModelStore } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import { catalogCoupons, type CouponView } from '../catalog/view';
import { orderCode, type OrderLine, type PlacedOrder } from '../orders/order';
import { priceOrder, type BillingSummaryMinor, type PricedLine } from '../pricing/pricing';
import { priceCart, type CartCatalog } from './cart';
import { pickupTimeOf, storeTimesOf } from './hours';
import { checkoutMessages as m } from './messages';
import type { CheckoutRequest, QuoteRequest } from './request';
import { checkoutPricing, checkTotal, quotePricing } from './rules';
import { requestedTagOf, tagLocationOf } from './tag';
import { slotFor, type OrderSlots, type SlotClaim } from './pacing';
import type { Queryable } from '@seatside/chassis';
import { DEFAULT_TIME_ZONE } from '../catalog/messages';

export const hashStatusToken = (token: string) => hash('sha256', token);

/** The records one cart touches, read from the catalog view (this merchant and mode only count). */
export async function cartCatalogOf(catalog: CatalogReader, merchantId: string, testMode: boolean, request: QuoteRequest): Promise<CartCatalog> {
  // One query per kind of record, not one per record (none for records read a moment ago).
  const products = await catalog.products(request.lineItems.map((line) => line.productId));
  const modifiers = await catalog.modifiers([...products.values()].flatMap((product) => product.modifiers));
  return { merchantId, testMode, products, modifiers };
}

async function couponOf(readModels: ReadModelStore, merchantId: string, testMode: boolean, code: string | undefined): Promise<CouponView | undefined> {
  if (!code) return undefined;
  const page = await readModels.collection<CouponView>(catalogCoupons).find({ filter: { merchantId, testMode, code: code.toUpperCase() }, limit: 1 });
  return page.data[0];
}

/** The order's fulfillment: the tag and the diner's corrections live in `location`, not here. */
const fulfillmentOf = ({ tagId: _tag, metadata: _metadata, ...fulfillment }: CheckoutRequest['fulfillment']): PlacedOrder['fulfillment'] => fulfillment;

export interface Placement {
  order: PlacedOrder;
  /** Handed to the diner once, for GET /v1/orders/{id}?token=…; only its hash is kept. */
  statusToken: string;
  /** Products whose stock the catalog manages, with how many the order takes and their titles. */
  managedStock: { productId: string; title: string; quantity: number }[];
  /** Pacing: the window place the order takes, and the merchant's zone for the offer's text. */
  slot?: SlotClaim;
  timeZone: string;
}

function managedStockOf(lines: readonly OrderLine[], products: CartCatalog['products']): Placement['managedStock'] {
  const taken = new Map<string, { productId: string; title: string; quantity: number }>();
  for (const line of lines) {
    if (!products.get(line.productId)?.manageStock) continue;
    const entry = taken.get(line.productId) ?? { productId: line.productId, title: line.title, quantity: 0 };
    taken.set(line.productId, { ...entry, quantity: entry.quantity + line.quantity });
  }
  // One order of rows for every transaction, so two orders taking the same products never deadlock.
  return [...taken.values()].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

type PricingDeps = { readModels: ReadModelStore; catalog: CatalogReader; now: () => Date; newId: () => string };

/** The merchant, the cart priced line by line from the catalog view, and the coupon the request names. */
async function pricedCartOf(deps: PricingDeps, merchantId: string, request: QuoteRequest) {
  const testMode = request.testMode ?? false;
  const [merchant, catalog, coupon, tag] = await Promise.all([
    deps.catalog.merchant(merchantId),
    cartCatalogOf(deps.catalog, merchantId, testMode, request),
    couponOf(deps.readModels, merchantId, testMode, request.couponCode),
    requestedTagOf(deps.readModels, request),
  ]);
  if (!merchant) throw notFound(m.merchantNotFound);
  const cart = priceCart(request.lineItems, catalog);
  if (!cart.ok) throw validationFailed(Object.values(cart.errors)[0]!, cart.errors);
  return { merchant, testMode, catalog, coupon, cart, tag };
}

/**
 * A checkout request as an order priced from the catalog view and the merchant's checkoutOptions,
 * or the refusal. Nothing is written here.
 */
export async function placementOf(deps: PricingDeps, merchantId: string, request: CheckoutRequest): Promise<Placement> {
  const { merchant, testMode, catalog, coupon, cart, tag } = await pricedCartOf(deps, merchantId, request);
  const options = merchant.checkoutOptions;
  const pricing = checkoutPricing(options, request, cart.priced, coupon, deps.now(), await storeTimesOf(deps.readModels, merchant, testMode));
  const location = tagLocationOf(options, request, merchantId, tag);
  const billingSummary = checkTotal(priceOrder(pricing));
  const now = deps.now().getTime();
  const paced = options.maxOrdersPerSlot > 0 ? slotFor(now, options.preparationTime, request.readyFrom, pickupTimeOf(request.fulfillment)) : undefined;
  const statusToken = pooledRandomBytes(24).toString('base64url');
  const managedStock = managedStockOf(cart.lines, catalog.products);
  const order: PlacedOrder = {
    orderId: deps.newId(),
    orderCode: orderCode(pooledRandomBytes(6)),
    merchantId,
    testMode,
    currency: options.currency,
    lineItems: cart.lines,
    fulfillment: fulfillmentOf(request.fulfillment),
    paymentProcessor: request.paymentProcessor,
    ...(pricing.coupon ? { couponCode: pricing.coupon.code } : {}),
    ...(request.customer ? { customer: request.customer } : {}),
    ...(location ? { tagId: location.tagId, location } : {}),
    ...(paced ? { slot: new Date(paced.start).toISOString(), ...(paced.start > paced.earliest ? { readyFrom: new Date(paced.start).toISOString() } : {}) } : {}),
    ...(managedStock.length > 0 ? { stockTaken: managedStock.map(({ productId, quantity }) => ({ productId, quantity })) } : {}),
    statusTokenHash: hashStatusToken(statusToken),
    billingSummary,
    receivedAt: deps.now().toISOString(),
  };
  const slot = paced ? { merchantId, testMode, start: paced.start, cap: options.maxOrdersPerSlot } : undefined;
  return { order, statusToken, managedStock, ...(slot ? { slot } : {}), timeZone: merchant.timeZone ?? DEFAULT_TIME_ZONE };
}

/** What the order would cost now (the billing summary placement would compute), or the refusal of a rule that changes the price. */
export async function quoteOf(
  deps: PricingDeps & { pool: Queryable; slots: OrderSlots },
  merchantId: string,
  request: QuoteRequest,
): Promise<{ currency: string; billingSummary: BillingSummaryMinor; lines: readonly PricedLine[]; readyFrom?: { at: number; timeZone: string } }> {
  const { merchant, coupon, cart, tag, testMode } = await pricedCartOf(deps, merchantId, request);
  const options = merchant.checkoutOptions;
  const pricing = quotePricing(options, request, cart.priced, coupon);
  tagLocationOf(options, request, merchantId, tag);
  // Pacing: the window this order would be ready in, when it is not the earliest (that one is full).
  let readyFrom: { at: number; timeZone: string } | undefined;
  if (options.maxOrdersPerSlot > 0) {
    const { start, earliest } = slotFor(deps.now().getTime(), options.preparationTime, request.readyFrom, pickupTimeOf(request.fulfillment));
    const room = await deps.slots.firstWithRoom(deps.pool, { merchantId, testMode, cap: options.maxOrdersPerSlot }, start);
    if (room > earliest) readyFrom = { at: room, timeZone: merchant.timeZone ?? DEFAULT_TIME_ZONE };
  }
  return {
    ...(readyFrom ? { readyFrom } : {}),
    currency: options.currency,
    billingSummary: checkTotal(priceOrder(pricing)),
    lines: cart.priced,
  };
}
