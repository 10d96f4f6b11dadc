import { BUSY_LOG_READS, createRealtimePublisher, type ServiceDeps, type StoredEvent } from '@seatside/chassis';
import { NEWS_WINDOW_MS } from '../realtime/updates';
import { ORDERS_NAMESPACE } from '../realtime/rooms';
import { GROUP_EVENT_TYPES, groupStateOf, groupStream, groupViewOf } from './group';

/** A group's room on the `/orders` namespace: whoever holds its signature may follow it. */
export const groupRoom = (groupId: string) => `group:${groupId}`;
export const GROUP_UPDATED = 'group.updated';
export const GROUP_UPDATES_SUBSCRIPTION = 'orders-group-updates';

const groupIdOf = (event: StoredEvent): string | undefined => {
  const id = (event.data as { groupId?: unknown } | null)?.groupId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * Live group orders: a checkpointed subscription on this service's own log sends, after a group's
 * events, the group as it now is to its room (`group.updated`), once per read however many of its
 * events the read held. The request that stored an event never sends it: a process that dies after
 * the append leaves the checkpoint behind it, and the next process sends it. At least once: a
 * redelivery sends the same group again, and clients replace the group whole.
 */
export function followGroupUpdates(deps: ServiceDeps, clock: () => number = Date.now): void {
  const publisher = createRealtimePublisher(deps.kv.pubsub);
  deps.subscribe({
    name: GROUP_UPDATES_SUBSCRIPTION,
    types: GROUP_EVENT_TYPES,
    ...BUSY_LOG_READS,
    handleBatch: async (events) => {
      // Older events are history, not news (as for orders): screens load the group when they (re)join.
      const news = events.filter((event) => clock() - event.recordedAt.getTime() <= NEWS_WINDOW_MS);
      const groupIds = [...new Set(news.map(groupIdOf).filter((id): id is string => id !== undefined))];
      for (const groupId of groupIds) {
        const state = groupStateOf(await deps.eventStore.readStream(groupStream(groupId)));
        if (state.status === 'none') continue;
        await publisher.emit(ORDERS_NAMESPACE, groupRoom(groupId), GROUP_UPDATED, groupViewOf(state, deps.now().toISOString()));
      }
    },
  });
}
