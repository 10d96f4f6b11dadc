import { BUSY_LOG_READS, createRealtimePublisher, type ServiceDeps, type StoredEvent, type Tx } from '@seatside/chassis';
import { catalogV1 } from '@seatside/proto';
import { DEFAULT_TIME_ZONE, ownerOf } from '../catalog/messages';
import { catalogMerchants, type MerchantView } from '../catalog/view';
import type { OrderEvent } from '../orders/order';
import { merchantRoom, ORDERS_NAMESPACE } from '../realtime/rooms';
import { SANDBOX_DELETED, type SandboxOrdersDeleted } from '../sandbox';
import { contributionOf, isZero, localDayHour, minus, zero, contributionFields, type Contribution, type OrderFacts } from './domain';
import { sqlOf, type BucketDelta, type StatsOrderRow, type StatsTables } from './store';

export const STATS_SUBSCRIPTION = 'orders-stats';
/** Its own name since it moved from the catalog's log to its published stream (a fresh checkpoint replays the stream). */
export const STATS_CUSTOMERS_SUBSCRIPTION = 'orders-stats-customers-v2';
/** The catalog's messages the customers count reads. */
const CUSTOMER_MESSAGES = [catalogV1.CustomerCreatedSchema, catalogV1.CustomerDeletedSchema] as const;
/** Told to a merchant's room (namespace /orders) when its stats changed: the widgets read again. */
export const STATS_UPDATED = 'stats.updated';
export const STATS_EVENT_TYPES = ['OrderPlaced', 'OrderPaid', 'OrderRefunded', 'OrderCancelled'] as const;
/** Older events are history (a rebuild), not news for the sockets. */
const NEWS_WINDOW_MS = 2 * 60_000;

type StatsEvent = Extract<OrderEvent, { type: (typeof STATS_EVENT_TYPES)[number] }>;

/** The facts an event leaves an order with. */
export function foldFacts(facts: OrderFacts | undefined, event: StatsEvent): OrderFacts | undefined {
  if (event.type === 'OrderPlaced') {
    const { subtotal, amountDue, tax, tip } = event.data.billingSummary.totals;
    return facts ?? { totals: { subtotal, amountDue, tax, tip }, paidMinor: 0, refundedMinor: 0, refundedTaxMinor: 0, cancelled: false };
  }
  if (!facts) return undefined;
  switch (event.type) {
    case 'OrderPaid':
      return { ...facts, paidMinor: event.data.amountPaidMinor };
    case 'OrderRefunded':
      return { ...facts, refundedMinor: facts.refundedMinor + event.data.refundAmountMinor, refundedTaxMinor: facts.refundedTaxMinor + event.data.taxMinor };
    case 'OrderCancelled':
      return { ...facts, cancelled: true };
  }
}

/**
 * Applies a read of the orders log to the stats tables in the subscription's transaction (so it
 * commits with the checkpoint, exactly once): each order's facts folded, and the difference of its
 * share added to its own day's bucket. A new order's day and hour are its receivedAt in the
 * merchant's time zone (the orders' copy of the catalog).
 */
export async function projectStats(deps: ServiceDeps, tables: StatsTables, events: StoredEvent[], tx: Tx): Promise<Set<string>> {
  const db = sqlOf(tx);
  const relevant = events.map((e) => ({ type: e.type, data: e.data }) as StatsEvent).filter((e) => (STATS_EVENT_TYPES as readonly string[]).includes(e.type));
  const touched = new Set<string>();
  if (relevant.length === 0) return touched;
  const orderIds = [...new Set(relevant.map((e) => e.data.orderId))];
  const kept = await tables.ordersOf(db, orderIds);
  const newMerchants = [...new Set(relevant.filter((e) => e.type === 'OrderPlaced' && !kept.has(e.data.orderId)).map((e) => e.data.merchantId))];
  const zones = new Map<string, string>();
  if (newMerchants.length > 0) {
    for (const merchant of await deps.readModels.collection<MerchantView>(catalogMerchants, tx).getMany(newMerchants)) zones.set(merchant.id, merchant.timeZone ?? DEFAULT_TIME_ZONE);
  }
  const before = new Map<string, Contribution>([...kept].map(([id, row]) => [id, contributionOf(row.facts)]));
  const rows = new Map<string, StatsOrderRow>(kept);
  for (const event of relevant) {
    const row = rows.get(event.data.orderId);
    if (event.type === 'OrderPlaced' && !row) {
      const { day, hour } = localDayHour(new Date(event.data.receivedAt), zones.get(event.data.merchantId) ?? DEFAULT_TIME_ZONE);
      const facts = foldFacts(undefined, event);
      if (facts) rows.set(event.data.orderId, { orderId: event.data.orderId, merchantId: event.data.merchantId, testMode: event.data.testMode, day, hour, facts });
      continue;
    }
    if (!row) continue;
    const facts = foldFacts(row.facts, event);
    if (facts) rows.set(row.orderId, { ...row, facts });
  }
  const buckets = new Map<string, BucketDelta>();
  const changed: StatsOrderRow[] = [];
  for (const row of rows.values()) {
    const delta = minus(contributionOf(row.facts), before.get(row.orderId) ?? zero);
    changed.push(row);
    if (isZero(delta)) continue;
    const key = `${row.merchantId}\u0000${row.testMode}\u0000${row.day}\u0000${row.hour}`;
    const bucket = buckets.get(key);
    if (bucket) for (const f of contributionFields) bucket.delta[f] += delta[f];
    else buckets.set(key, { merchantId: row.merchantId, testMode: row.testMode, day: row.day, hour: row.hour, delta });
    touched.add(`${row.merchantId}\u0000${row.testMode}`);
  }
  await tables.putOrders(db, changed);
  await tables.addToBuckets(db, [...buckets.values()]);
  return touched;
}

/**
 * The stats read model: a checkpointed subscription on this service's own log (replayed from
 * position 0 it rebuilds the same buckets), telling each merchant's room that its stats changed;
 * and the merchant's customers from the catalog's published stream.
 */
export function followStats(deps: ServiceDeps, tables: StatsTables, clock: () => number = Date.now): void {
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  // The merchants whose buckets the read in hand changed: told only once its transaction committed,
  // since a widget that reads again on the news must find the new figures (told before the commit,
  // it read the old ones and waited for news that had already come).
  let touchedInRead = new Set<string>();
  deps.subscribe({
    name: STATS_SUBSCRIPTION,
    types: [...STATS_EVENT_TYPES, SANDBOX_DELETED],
    ...BUSY_LOG_READS,
    batchSize: 1000,
    handleBatch: async (events, tx) => {
      // In log order: the orders before a Delete Test Data are counted, then its sandbox figures go.
      const touched = new Set<string>();
      let counted: StoredEvent[] = [];
      const count = async () => {
        for (const key of await projectStats(deps, tables, counted, tx)) touched.add(key);
        counted = [];
      };
      for (const event of events) {
        if (event.type !== SANDBOX_DELETED) {
          counted.push(event);
          continue;
        }
        await count();
        const { merchantId } = (event as unknown as SandboxOrdersDeleted).data;
        await tables.clearSandbox(sqlOf(tx), merchantId);
        touched.add(`${merchantId}\u0000true`);
      }
      await count();
      const fresh = events.some((event) => clock() - event.recordedAt.getTime() <= NEWS_WINDOW_MS);
      touchedInRead = fresh ? touched : new Set();
    },
    committed: () => {
      const touched = touchedInRead;
      touchedInRead = new Set();
      for (const key of touched) {
        const [merchantId, mode] = key.split('\u0000') as [string, string];
        publisher
          .emit(ORDERS_NAMESPACE, merchantRoom(merchantId, mode === 'true'), STATS_UPDATED, { merchantId, testMode: mode === 'true' })
          .catch((error: unknown) => deps.logger.warn({ err: error, merchantId }, 'stats.updated not sent'));
      }
    },
  });
  // The merchant's customers, from the catalog's published stream (seatside.catalog.v1), never its log.
  deps.subscribePublished({
    name: STATS_CUSTOMERS_SUBSCRIPTION,
    source: 'catalog',
    messages: CUSTOMER_MESSAGES,
    handle: async (message, tx) => {
      if (message.$typeName === catalogV1.CustomerDeletedSchema.typeName) {
        await sqlOf(tx).query(`DELETE FROM ${tables.customers} WHERE customer_id = $1`, [message.customerId]);
        return;
      }
      const { merchantId, testMode } = ownerOf(message.envelope);
      const customerId = message.customer?.customerId;
      if (!customerId) return;
      await sqlOf(tx).query(`INSERT INTO ${tables.customers} (customer_id, merchant_id, test_mode) VALUES ($1, $2, $3) ON CONFLICT (customer_id) DO NOTHING`, [customerId, merchantId, testMode]);
    },
  });
}
