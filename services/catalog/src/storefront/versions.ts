import { modeOf, type CollectionSpec, type ReadModelStore, type StoredEvent, type Tx } from '@seatside/chassis';

/**
 * One document per merchant and mode whose `version` changes in the same transaction as anything
 * the storefront shows (tenant settings, products, menus, modifiers). A replica keeps a prebuilt
 * storefront body with the version it read *before* reading the data, and serves it while the
 * version is unchanged. The version is the id of the last event that touched it: unique per write,
 * so the committed value after any write is one no earlier read can have seen (a plain overwrite
 * is enough; no counter, no lost update).
 */
export const storefrontVersions: CollectionSpec = { name: 'storefront_versions' };

export type StorefrontVersionDoc = { id: string; version: string };

export type Mode = ReturnType<typeof modeOf>;
export const versionKey = (merchantId: string, mode: Mode) => `${merchantId}/${mode}`;

/** Marks one mode's storefront of a merchant changed by this event (both modes when `testMode` is undefined: a tenant change). */
export async function touchStorefront(readModels: ReadModelStore, tx: Tx, stored: Pick<StoredEvent, 'eventId'>, merchantId: string, testMode?: boolean): Promise<void> {
  const docs = readModels.collection<StorefrontVersionDoc>(storefrontVersions, tx);
  const modes: Mode[] = testMode === undefined ? ['production', 'sandbox'] : [modeOf(testMode)];
  for (const mode of modes) await docs.put({ id: versionKey(merchantId, mode), version: stored.eventId });
}

/**
 * Which venues list a merchant (`{venueId}:{merchantId}`): a public venue page shows its linked
 * merchants' cards, so a change to one of those merchants moves the venue's version too.
 */
export const venueLinks: CollectionSpec = { name: 'venue_links', filterable: ['merchantId'] };
export type VenueLinkDoc = { id: string; venueId: string; merchantId: string };

/** Marks changed the pages of the venues that list this merchant. */
export async function touchLinkedVenues(readModels: ReadModelStore, tx: Tx, stored: Pick<StoredEvent, 'eventId'>, merchantId: string): Promise<void> {
  const links = await readModels.collection<VenueLinkDoc>(venueLinks, tx).find({ filter: { merchantId }, limit: 1000 });
  for (const link of links.data) await touchStorefront(readModels, tx, stored, link.venueId);
}
