import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ServiceDeps, Tx } from '@seatside/chassis';
import { ordersV1 } from '@seatside/proto';
import { tags, type TagDoc } from '../tags/projections';
import { statsTenant, utcDay, type TagDailyStats } from './store';

/** The orders service's published stream: an order placed through a tag carries its `tag_id`. */
export const ORDERS_SUBSCRIPTION = 'tags-orders-stats';
export const ORDER_MESSAGES = [ordersV1.OrderPlacedSchema] as const;

/**
 * Counts an order against its tag on the day it was received, in the subscription's transaction
 * (so it commits with the checkpoint, exactly once). An order of an unknown or deleted tag passes by.
 */
export function countTagOrder(deps: Pick<ServiceDeps, 'readModels' | 'now'>, stats: TagDailyStats) {
  return async (placed: ordersV1.OrderPlaced, tx: Tx): Promise<void> => {
    const tagId = placed.tagId || placed.location?.tagId;
    if (!tagId || tx.kind !== 'pg') return;
    const tag = await deps.readModels.collection<TagDoc>(tags, tx).get(tagId);
    if (!tag) return;
    const at = placed.receivedAt ? timestampDate(placed.receivedAt) : deps.now();
    await stats.add(tx.client, [{ tenant: statsTenant(tag), tagId, day: utcDay(at), scans: 0, orders: 1 }]);
  };
}
