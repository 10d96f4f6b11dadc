import { protoTimestamp as time, publication, published, type Publications, type TenantCollection } from '@seatside/chassis';
import { commonV1, tagsV1 } from '@seatside/proto';
import { tagDecider, type Tag, type TagEvent, type TagState } from './tags/tag';

/**
 * The tags service's published stream (docs/ARCHITECTURE.md, Published streams): one pure mapping
 * per domain event to the integration events of `seatside.tags.v1`, written in the event's
 * transaction. Created and Updated carry the tag's full snapshot; the envelope names its owner
 * (merchant, venue or app) and mode.
 */

const tenantCollection: Record<TenantCollection, commonV1.TenantCollection> = {
  merchants: commonV1.TenantCollection.MERCHANTS,
  venues: commonV1.TenantCollection.VENUES,
  apps: commonV1.TenantCollection.APPS,
};

const envelopeOf = (owner: { collection: TenantCollection; tenantId: string; testMode: boolean }) => ({
  tenantId: owner.tenantId,
  testMode: owner.testMode,
  tenantCollection: tenantCollection[owner.collection],
});

const tagOf = (tag: Tag) => ({
  tagId: tag.tagId,
  collection: tenantCollection[tag.collection],
  tenantId: tag.tenantId,
  code: tag.code,
  name: tag.name,
  // Keys in order, so the bytes do not depend on how the event's JSON kept them (jsonb sorts its keys).
  metadata: Object.fromEntries(Object.entries(tag.metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  metadataFields: tag.metadataFields.map(({ key, value, visible }) => ({ key, value, visible })),
  activated: tag.activated,
  nfc: tag.nfc,
  createdAt: time(tag.createdAt),
  updatedAt: time(tag.updatedAt),
});

export const tagPublication = publication<TagEvent, TagState>({
  streamPrefix: 'tag-',
  decider: tagDecider,
  map: {
    TagCreated: ({ data }) => published(tagsV1.TagCreatedSchema, { envelope: envelopeOf(data), tag: tagOf(data) }),
    TagUpdated: ({ data }) => published(tagsV1.TagUpdatedSchema, { envelope: envelopeOf(data), tag: tagOf(data) }),
    TagDeleted: ({ data }) =>
      published(tagsV1.TagDeletedSchema, { envelope: envelopeOf(data), tagId: data.tagId, collection: tenantCollection[data.collection], tenantId: data.tenantId, code: data.code }),
  },
});

/** Raise `version` when a mapping starts publishing events it did not before (chassis Publications). */
export const tagsPublications: Publications = { version: 1, streams: [tagPublication] };
