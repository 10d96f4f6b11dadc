import { BUSY_LOG_READS, conflict, uniqueClaims, type EventMetadata, type InlineProjection, type NewEvent, type ServiceDeps, type StoredEvent, type UniqueClaims } from '@seatside/chassis';
import { productDecider, productStream, type ProductCommand, type ProductState, type StockTake } from '../products/product';
import { products, projectProducts, type ProductDoc } from '../products/projections';
import { toMinor } from '../entities';

/** The orders subscription's checkpoint name. */
export const ORDER_STOCK_SUBSCRIPTION = 'catalog-order-stock';

/**
 * The parts of the orders service's `OrderPlaced` and `OrderCancelled` the catalog reads
 * (docs/orders-api.md). Declared here, not imported: services share events, never code.
 */
export interface OrderPlacedData {
  orderId: string;
  merchantId: string;
  receivedAt: string;
  lineItems: { productId: string; quantity: number }[];
}

export interface OrderCancelledData {
  orderId: string;
  merchantId: string;
  at: string;
  /** The stock the order took, given back; absent when it took none (or was cancelled before stock was given back). */
  restock?: { productId: string; quantity: number }[];
}

/**
 * Which (order, product) reductions were applied, and which were given back (`…/restored`): a
 * redelivered event changes nothing twice.
 */
export const stockReductions = (schema: string): UniqueClaims => uniqueClaims(schema, 'order_stock_reductions');

/** Quantities per product, all lines of one product together. */
export function quantitiesOf(lines: OrderPlacedData['lineItems']): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const { productId, quantity } of lines) quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  return quantities;
}

/**
 * Follows the orders service's log: an `OrderPlaced` lowers `stockQuantity` of each managed
 * product it took (ProductStockReduced on the product's stream), and an `OrderCancelled` raises it
 * again by what that order had lowered (ProductStockRestored). The orders of one read go together:
 * one read of their products, one ProductStockReduced per product for a run of orders (a
 * cancellation between them ends the run), one transaction appending every product's changes. Each change is
 * claimed in that transaction, so a redelivery changes nothing; unmanaged products are skipped.
 */
export function followOrderStock(deps: ServiceDeps, reductions: UniqueClaims): void {
  deps.subscribe({ name: ORDER_STOCK_SUBSCRIPTION, source: 'orders', types: ['OrderPlaced', 'OrderCancelled'], ...BUSY_LOG_READS, handleBatch: stockFromOrders(deps, reductions) });
}

type ProductAt = { state: ProductState; version: number };

type Claim = { key: string; owner: string };

/** A product's reductions gathered from consecutive orders of a read, decided together. */
type Taking = { merchantId: string; at: string; metadata: EventMetadata; orders: StockTake[]; claims: Claim[] };

/**
 * The product as the decider needs it, from its document rather than its stream: a stock-managed
 * product gets a stock event with every read of the orders log that names it (one per order before
 * 2026-12-01), so folding the stream would cost more with every order. The
 * document is written in each append's transaction with the stream's version, which the append
 * then expects: a concurrent edit is a Conflict and the subscription retries.
 */
function productStateOf(doc: ProductDoc | undefined): ProductAt {
  if (!doc) return { state: productDecider.initialState(), version: 0 };
  const { id: _id, price: _p, priceText: _t, createdAt: _c, updatedAt: _u, version, ...fields } = doc;
  // The price plays no part in stock; a document written before money inputs were checked may hold null.
  const priceMinor = typeof doc.price === 'number' && Number.isFinite(doc.price) ? toMinor(doc.price) : 0;
  return { state: { status: 'live', ...fields, priceMinor }, version };
}

/** One product's change by one order, in log order: lowered when placed, raised when cancelled. */
type StockLine = { stored: StoredEvent; merchantId: string; orderId: string; productId: string; quantity: number; at: string; restore: boolean; key: string };

const reductionKey = (orderId: string, productId: string) => `${orderId}/${productId}`;

function stockLinesOf(events: StoredEvent[]): StockLine[] {
  return events.flatMap((stored): StockLine[] => {
    if (stored.type === 'OrderPlaced') {
      const { orderId, merchantId, receivedAt: at, lineItems } = stored.data as OrderPlacedData;
      return [...quantitiesOf(lineItems)].map(([productId, quantity]) => ({ stored, merchantId, orderId, productId, quantity, at, restore: false, key: reductionKey(orderId, productId) }));
    }
    if (stored.type !== 'OrderCancelled') return [];
    const { orderId, merchantId, at, restock = [] } = stored.data as OrderCancelledData;
    return [...quantitiesOf(restock)].map(([productId, quantity]) => ({ stored, merchantId, orderId, productId, quantity, at, restore: true, key: `${reductionKey(orderId, productId)}/restored` }));
  });
}

export function stockFromOrders(deps: ServiceDeps, reductions: UniqueClaims): (events: StoredEvent[]) => Promise<void> {
  const project = projectProducts(deps.readModels);
  return async (events) => {
    const lines = stockLinesOf(events);
    if (lines.length === 0) return;
    const productIds = [...new Set(lines.map((w) => w.productId))];
    const byId = new Map((await deps.readModels.collection<ProductDoc>(products).getMany(productIds)).map((doc) => [doc.id, doc]));
    // Only lines of managed products can change anything: their claims are all that need looking up.
    const wanted = lines.filter((line) => byId.get(line.productId)?.manageStock);
    if (wanted.length === 0) return;
    const done = new Set((await reductions.ownersOf(deps.pool, wanted.flatMap((w) => (w.restore ? [w.key, reductionKey(w.orderId, w.productId)] : [w.key])))).keys());
    const touched = new Map(productIds.map((id) => [id, { ...productStateOf(byId.get(id)), events: [] as NewEvent[], taking: undefined as Taking | undefined }]));
    type Product = NonNullable<ReturnType<typeof touched.get>>;
    const claims: Claim[] = [];
    const apply = (product: Product, command: ProductCommand, metadata: EventMetadata, claimed: Claim[]) => {
      const decided = productDecider.decide(command, product.state);
      // Unmanaged products decide nothing.
      if (decided.length === 0) return;
      product.state = decided.reduce(productDecider.evolve, product.state);
      product.events.push(...decided.map((event) => ({ ...event, metadata })));
      claims.push(...claimed);
    };
    // A product's consecutive reductions go as one ProductStockReduced (one event per read, not per order).
    const flush = (productId: string, product: Product) => {
      const taking = product.taking;
      if (!taking) return;
      product.taking = undefined;
      apply(product, { type: 'ReduceStock', data: { productId, merchantId: taking.merchantId, at: taking.at, orders: taking.orders } }, taking.metadata, taking.claims);
    };
    for (const { stored, merchantId, orderId, productId, quantity, at, restore, key } of wanted) {
      // A line already applied (or twice in this read) is a redelivery; only what was lowered is given back.
      if (done.has(key) || (restore && !done.has(reductionKey(orderId, productId)))) continue;
      done.add(key);
      const product = touched.get(productId)!;
      const metadata = { tenantId: merchantId, causationId: stored.eventId, correlationId: stored.metadata.correlationId };
      const claim = { key, owner: stored.eventId };
      if (restore || product.taking?.merchantId !== merchantId) flush(productId, product);
      if (restore) {
        apply(product, { type: 'RestoreStock', data: { productId, merchantId, quantity, orderId, at } }, metadata, [claim]);
        continue;
      }
      const taking: Taking = (product.taking ??= { merchantId, at, metadata, orders: [], claims: [] });
      taking.orders.push({ orderId, quantity });
      taking.claims.push(claim);
      // The batch is caused by its last order (the others are listed in it).
      taking.at = at;
      taking.metadata = metadata;
    }
    for (const [productId, product] of touched) flush(productId, product);
    const appends = [...touched].filter(([, product]) => product.events.length > 0);
    if (appends.length === 0) return;
    const claim: InlineProjection = async (_events, tx) => {
      if (!(await reductions.claimAll(tx, claims))) throw conflict(`Stock for one of ${claims.map((c) => c.key).join(', ')} was already changed`);
    };
    await deps.eventStore.appendToStreams(
      appends.map(([productId, product]) => ({ streamId: productStream(productId), events: product.events, expectedVersion: product.version, inline: [claim, project] })),
    );
  };
}
