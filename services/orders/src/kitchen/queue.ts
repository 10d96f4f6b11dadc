import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import type { OrderEvent } from '../orders/order';
import { orders, type OrderDoc } from '../orders/projections';
import { THROUGHPUT_WINDOW_MINUTES, type KitchenSnapshot, type QueuedOrder } from './eta';

/**
 * The kitchen's measured throughput: one record per order made ready (when, how many items),
 * written in the OrderReady transaction. Read newest first for the last 30 minutes.
 */
export const kitchenReady: CollectionSpec = { name: 'kitchen_ready', sortable: ['at'], filterable: ['merchantId', 'testMode'] };
type ReadyDoc = { id: string; merchantId: string; testMode: boolean; at: string; items: number };

const itemsOf = (doc: Pick<OrderDoc, 'lineItems'>) => doc.lineItems.reduce((sum, line) => sum + line.quantity, 0);

/** In the transaction of OrderReady (after the orders projection): what the kitchen made, and when. */
export const projectKitchenReady =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as OrderEvent;
      if (event.type !== 'OrderReady') continue;
      const doc = await readModels.collection<OrderDoc>(orders, tx).get(event.data.orderId);
      if (doc) await readModels.collection<ReadyDoc>(kitchenReady, tx).put({ id: doc.id, merchantId: doc.merchantId, testMode: doc.testMode, at: event.data.at, items: itemsOf(doc) });
    }
  };

/** How long a kitchen's snapshot is reused: a busy stand's diners all ask at once. */
const SNAPSHOT_MS = 2_000;
const MAX_QUEUE = 2_000;

/**
 * A merchant's kitchen as the ETA reads it (kitchen/eta.ts): the orders still to be made, the
 * orders made ready in the last 30 minutes and the preparation time, kept for SNAPSHOT_MS.
 */
export function kitchenSnapshots(readModels: ReadModelStore, catalog: CatalogReader, now: () => Date) {
  const kept = new Map<string, { at: number; snapshot: Promise<KitchenSnapshot> }>();
  async function read(merchantId: string, testMode: boolean, at: number): Promise<KitchenSnapshot> {
    const [merchant, queued, ready] = await Promise.all([
      catalog.merchant(merchantId),
      readModels.collection<OrderDoc>(orders).find({ filter: { merchantId, testMode, stage: 'kitchen' }, sort: 'receivedAt', order: 'asc', limit: MAX_QUEUE }),
      readModels.collection<ReadyDoc>(kitchenReady).find({ filter: { merchantId, testMode }, sort: 'at', order: 'desc', limit: MAX_QUEUE }),
    ]);
    const since = at - THROUGHPUT_WINDOW_MINUTES * 60_000;
    const queue: QueuedOrder[] = queued.data.map((doc) => ({
      id: doc.id,
      receivedAt: Date.parse(doc.receivedAt),
      items: itemsOf(doc),
      ...(doc.readyFrom ? { readyFrom: Date.parse(doc.readyFrom) } : {}),
      ...(doc.fulfillment.pickupTime ? { pickupAt: Date.parse(doc.fulfillment.pickupTime) } : {}),
    }));
    return {
      now: at,
      preparationMinutes: merchant?.checkoutOptions.preparationTime ?? 15,
      queue,
      ready: ready.data.map((r) => ({ at: Date.parse(r.at), items: r.items })).filter((r) => r.at > since),
    };
  }
  const readAgain = (key: string, merchantId: string, testMode: boolean, at: number) => {
    const snapshot = read(merchantId, testMode, at);
    kept.set(key, { at, snapshot });
    snapshot.catch(() => kept.delete(key));
    return snapshot;
  };
  /**
   * The kitchen now. `orderId`: an order known to wait in it (its document says stage kitchen); a
   * kept snapshot read before that order came in does not hold it, and is read again.
   */
  return async (merchantId: string, testMode: boolean, orderId?: string): Promise<KitchenSnapshot> => {
    const at = now().getTime();
    const key = `${merchantId}/${testMode}`;
    const entry = kept.get(key);
    if (!entry || at - entry.at >= SNAPSHOT_MS) return readAgain(key, merchantId, testMode, at);
    const snapshot = await entry.snapshot;
    if (orderId !== undefined && !snapshot.queue.some((queued) => queued.id === orderId)) return readAgain(key, merchantId, testMode, at);
    return { ...snapshot, now: at };
  };
}
export type KitchenSnapshots = ReturnType<typeof kitchenSnapshots>;
