import { isDomainError, type CollectionSpec, type Doc, type ServiceDeps, type Tx } from '@seatside/chassis';
import { catalogV1 } from '@seatside/proto';
import type { OrderSlots } from './checkout/pacing';
import { kitchenReady } from './kitchen/queue';
import { orders } from './orders/projections';
import { tabs } from './tabs/tab';

/**
 * A merchant's Delete Test Data (settings; the catalog's `seatside.catalog.v1.TestDataDeleted`)
 * reaches this service's sandbox too: its sandbox orders, tabs, kitchen queue and pacing windows go,
 * and so do its sandbox sales figures (stats/, by the same event in this service's log, in log
 * order). Production records are never read or written.
 */
export const SANDBOX_SUBSCRIPTION = 'orders-sandbox';
export const SANDBOX_DELETED = 'SandboxOrdersDeleted';
export type SandboxOrdersDeleted = { type: typeof SANDBOX_DELETED; data: { merchantId: string; at: string } };

/** One stream per catalog message, so a redelivered message appends nothing twice. */
const deletionStream = (catalogEventId: string) => `sandbox-${catalogEventId}`;

const PAGE = 500;

/** Deletes a merchant's sandbox documents of one collection, a page at a time, in the transaction. */
async function deleteSandboxDocs(deps: Pick<ServiceDeps, 'readModels'>, spec: CollectionSpec, merchantId: string, tx: Tx): Promise<void> {
  const collection = deps.readModels.collection<Doc>(spec, tx);
  for (;;) {
    const { data } = await collection.find({ filter: { merchantId, testMode: true }, limit: PAGE });
    for (const doc of data) await collection.delete(doc.id);
    if (data.length < PAGE) return;
  }
}

/** The inline projection of `SandboxOrdersDeleted`: the merchant's sandbox documents and pacing windows, in the append's transaction. */
export const deleteSandboxOrders = (deps: Pick<ServiceDeps, 'readModels'>, slots: OrderSlots) => async (events: { type: string; data: unknown }[], tx: Tx): Promise<void> => {
  for (const event of events) {
    if (event.type !== SANDBOX_DELETED) continue;
    const { merchantId } = (event as SandboxOrdersDeleted).data;
    for (const spec of [orders, tabs, kitchenReady]) await deleteSandboxDocs(deps, spec, merchantId, tx);
    await slots.clearSandbox(tx, merchantId);
  }
};

/** Follows the catalog's `seatside.catalog.v1.TestDataDeleted`: records `SandboxOrdersDeleted` in this service's log, with its projection. */
export function followSandboxDeletions(deps: ServiceDeps, slots: OrderSlots): void {
  const project = deleteSandboxOrders(deps, slots);
  deps.subscribePublished({
    name: SANDBOX_SUBSCRIPTION,
    source: 'catalog',
    messages: [catalogV1.TestDataDeletedSchema],
    handle: async (message, _tx, event) => {
      const deleted: SandboxOrdersDeleted = { type: SANDBOX_DELETED, data: { merchantId: message.merchantId, at: event.recordedAt.toISOString() } };
      try {
        await deps.eventStore.appendToStream(deletionStream(event.eventId), [deleted], { expectedVersion: 'no_stream', inline: [project] });
      } catch (error) {
        // Delivered again after its append committed: done already.
        if (!(isDomainError(error) && error.kind === 'Conflict')) throw error;
      }
    },
  });
}
