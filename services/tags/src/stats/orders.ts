import type { ServiceDeps, StoredEvent, Tx } from '@seatside/chassis';
import { tags, type TagDoc } from '../tags/projections';
import { statsTenant, utcDay, type TagDailyStats } from './store';

/** The orders service's log: an order placed through a tag carries its `tagId`. */
export const ORDERS_SUBSCRIPTION = 'tags-orders-stats';
export const ORDER_EVENT_TYPES: readonly string[] = ['OrderPlaced'];

type PlacedThroughTag = { tagId?: unknown; receivedAt?: unknown };

/**
 * Counts an order against its tag on the day it was received, in the subscription's transaction
 * (so it commits with the checkpoint, exactly once). An order of an unknown or deleted tag passes by.
 */
export function countTagOrder(deps: Pick<ServiceDeps, 'readModels' | 'now'>, stats: TagDailyStats) {
  return async (stored: StoredEvent, tx: Tx): Promise<void> => {
    const { tagId, receivedAt } = stored.data as PlacedThroughTag;
    if (typeof tagId !== 'string' || !tagId || tx.kind !== 'pg') return;
    const tag = await deps.readModels.collection<TagDoc>(tags, tx).get(tagId);
    if (!tag) return;
    const at = typeof receivedAt === 'string' && !Number.isNaN(Date.parse(receivedAt)) ? new Date(receivedAt) : deps.now();
    await stats.add(tx.client, [{ tenant: statsTenant(tag), tagId, day: utcDay(at), scans: 0, orders: 1 }]);
  };
}
