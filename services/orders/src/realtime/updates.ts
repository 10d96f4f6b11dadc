import { BUSY_LOG_READS, createRealtimePublisher, type ServiceDeps, type StoredEvent } from '@seatside/chassis';
import { orderStream } from '../orders/order';
import { foldPlaced, orders, type OrderDoc } from '../orders/projections';
import { orderOf, publicOrderOf } from '../orders/views';
import { tabs, tabViewOf, type TabDoc } from '../tabs/tab';
import { merchantRoom, ORDER_UPDATED, ORDERS_NAMESPACE, orderRoom, TAB_UPDATED } from './rooms';

export const REALTIME_SUBSCRIPTION = 'orders-realtime';

/**
 * Older events are history, not news: a first start over a long log (or a long outage) would
 * otherwise replay every order to the sockets before reaching today's. Clients load the list when
 * they (re)connect, so nothing on screen misses them.
 */
export const NEWS_WINDOW_MS = 2 * 60_000;

/** Every event of an order's life names it (placed, paid, payment events, refunds…). */
const orderIdOf = (event: StoredEvent): string | undefined => {
  const id = (event.data as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id : undefined;
};

/** An event of an order's own stream (others, a tab's say, may name an order too). */
const isOrderStreamEvent = (event: StoredEvent): boolean => {
  const id = orderIdOf(event);
  return id !== undefined && event.streamId === orderStream(id);
};

/** A tab's events name it (opened, rounds, closed…); an order's events never carry a top-level tabId but its placing. */
const tabIdOf = (event: StoredEvent): string | undefined => {
  const id = (event.data as { tabId?: unknown } | null)?.tabId;
  return event.type.startsWith('Tab') && typeof id === 'string' ? id : undefined;
};

/**
 * A checkpointed subscription on this service's own log: after order events, each order as it now
 * is goes to its merchant's room (the list view) and to its own room (the diner's view, as the
 * status page shows it), once per read however many of its events the read held; after tab events,
 * each tab as it now is goes to its merchant's room (`tab.updated`). At least once: a
 * redelivery sends the same state again, so clients replace an order by id (and keep the newer
 * `updatedAt`).
 */
export function followOrderUpdates(deps: ServiceDeps, clock: () => number = Date.now): void {
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  deps.subscribe({
    name: REALTIME_SUBSCRIPTION,
    // A live list may lag by a tenth of a second under load; a busy log then costs one read per gathering.
    ...BUSY_LOG_READS,
    // It writes nothing: the documents are read outside the transaction, so a read costs no transaction.
    handleBatch: async (events) => {
      const news = events.filter((event) => clock() - event.recordedAt.getTime() <= NEWS_WINDOW_MS);
      // Orders placed in this read are folded from their events (the documents just written say the
      // same); only older orders' documents are read.
      const { placed } = foldPlaced(news.filter(isOrderStreamEvent));
      const older = [...new Set(news.map(orderIdOf).filter((id): id is string => id !== undefined && !placed.has(id)))];
      for (const doc of [...placed.values(), ...(older.length === 0 ? [] : await deps.readModels.collection<OrderDoc>(orders).getMany(older))]) {
        await publisher.emit(ORDERS_NAMESPACE, merchantRoom(doc.merchantId, doc.testMode), ORDER_UPDATED, orderOf(doc));
        await publisher.emit(ORDERS_NAMESPACE, orderRoom(doc.id), ORDER_UPDATED, publicOrderOf(doc));
      }
      // The merchant's open tabs with their running totals, live (the dashboard's Open Tabs).
      const tabIds = [...new Set(news.map(tabIdOf).filter((id): id is string => id !== undefined))];
      for (const doc of tabIds.length === 0 ? [] : await deps.readModels.collection<TabDoc>(tabs).getMany(tabIds)) {
        await publisher.emit(ORDERS_NAMESPACE, merchantRoom(doc.merchantId, doc.testMode), TAB_UPDATED, tabViewOf(doc));
      }
    },
  });
}
