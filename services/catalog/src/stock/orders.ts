import { conflict, uniqueClaims, type InlineProjection, type ServiceDeps, type StoredEvent, type UniqueClaims } from '@seatside/chassis';
import { productDecider, productStream, type ProductState } from '../products/product';
import { products, projectProducts, type ProductDoc } from '../products/projections';
import { toMinor } from '../entities';

/** The orders subscription's checkpoint name. */
export const ORDER_STOCK_SUBSCRIPTION = 'catalog-order-stock';

/**
 * The part of the orders service's `OrderPlaced` the catalog reads (docs/orders-api.md). Declared
 * here, not imported: services share events, never code.
 */
export interface OrderPlacedData {
  orderId: string;
  merchantId: string;
  receivedAt: string;
  lineItems: { productId: string; quantity: number }[];
}

/** Which (order, product) reductions were applied: a redelivered OrderPlaced lowers nothing twice. */
export const stockReductions = (schema: string): UniqueClaims => uniqueClaims(schema, 'order_stock_reductions');

/** Quantities per product, all lines of one product together. */
export function quantitiesOf(lines: OrderPlacedData['lineItems']): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const { productId, quantity } of lines) quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return quantities;
}

/**
 * Follows the orders service's log: an `OrderPlaced` lowers `stockQuantity` of each managed
 * product it took (ProductStockReduced on the product's stream). Each (order, product) is claimed
 * in the append's transaction, so a redelivery changes nothing; unmanaged products are skipped.
 */
export function followOrderStock(deps: ServiceDeps, reductions: UniqueClaims): void {
  deps.subscribe({ name: ORDER_STOCK_SUBSCRIPTION, source: 'orders', handle: stockFromOrders(deps, reductions) });
}

/**
 * The product as the decider needs it, from its document rather than its stream: a stock-managed
 * product gets one event per order, so folding the stream would cost more with every order. The
 * document is written in each append's transaction with the stream's version, which the append
 * then expects: a concurrent edit is a Conflict and the subscription retries.
 */
async function productStateOf(deps: ServiceDeps, productId: string): Promise<{ state: ProductState; version: number }> {
  const doc = await deps.readModels.collection<ProductDoc>(products).get(productId);
  if (!doc) return { state: productDecider.initialState(), version: 0 };
  const { id: _id, price: _p, priceText: _t, createdAt: _c, updatedAt: _u, version, ...fields } = doc;
  return { state: { status: 'live', ...fields, priceMinor: toMinor(doc.price) }, version };
}

export function stockFromOrders(deps: ServiceDeps, reductions: UniqueClaims): (stored: StoredEvent) => Promise<void> {
  const project = projectProducts(deps.readModels);
  return async (stored) => {
    if (stored.type !== 'OrderPlaced') return;
    const order = stored.data as OrderPlacedData;
    for (const [productId, quantity] of quantitiesOf(order.lineItems)) {
      const { state, version } = await productStateOf(deps, productId);
      const events = productDecider.decide({
        type: 'ReduceStock',
        data: { productId, merchantId: order.merchantId, quantity, orderId: order.orderId, at: order.receivedAt },
      }, state);
      // Unmanaged products decide nothing; a managed one already lowered for this order is a redelivery.
      const key = `${order.orderId}/${productId}`;
      if (events.length === 0 || (await reductions.ownerOf(deps.pool, key)) !== undefined) continue;
      const metadata = { tenantId: order.merchantId, causationId: stored.eventId, correlationId: stored.metadata.correlationId };
      await deps.eventStore.appendToStream(productStream(productId), events.map((event) => ({ ...event, metadata })), {
        expectedVersion: version,
        inline: [claimReduction(reductions, key, stored.eventId), project],
      });
    }
  };
}

/** In the reduction's transaction: a concurrent handler of the same order loses and rolls back. */
const claimReduction =
  (reductions: UniqueClaims, key: string, owner: string): InlineProjection =>
  async (_events, tx) => {
    if (!(await reductions.claim(tx, key, owner))) throw conflict(`Stock for ${key} was already reduced`);
  };
