import { DomainError, uniqueClaims, type CollectionSpec, type InlineProjection, type ReadModelStore, type StoredEvent } from '@seatside/chassis';
import { naturalSortKey } from './sort-key';
import { tagMessages, type Tag, type TagEvent, type TagMetadataField, type TagOwner } from './tag';

/** A tenant's tags: sorted by `sortName` (natural order) or the times; `q` searches the name. */
export const tags: CollectionSpec = {
  name: 'tags',
  sortable: ['sortName', 'createdAt', 'updatedAt'],
  searchable: ['name'],
  filterable: ['collection', 'tenantId', 'testMode'],
};

/** What `/tag/{code}` reads: one document per live code, keyed by the code (a primary-key read). */
export const publicTags: CollectionSpec = { name: 'public_tags' };

/** The API's tag: the form's `metadata` list with visibility; `version` is the stream version (ETag). */
export type TagView = TagOwner & {
  id: string;
  code: string;
  name: string;
  metadata: TagMetadataField[];
  activated: boolean;
  nfc: boolean;
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type TagDoc = TagView & { sortName: string };

/** The diner's view of a tag: only the visible metadata pairs, in their order. */
export type PublicTagDoc = TagOwner & { id: string; tagId: string; name: string; testMode: boolean; metadata: { key: string; value: string }[] };

export const tagViewOf = ({ sortName: _sortName, ...view }: TagDoc): TagView => view;

const docOf = ({ tagId, metadataFields, metadata: _map, ...tag }: Tag, version: number): TagDoc => ({
  id: tagId, ...tag, metadata: metadataFields, sortName: naturalSortKey(tag.name), version,
});

const publicDocOf = (tag: Tag): PublicTagDoc => ({
  id: tag.code, tagId: tag.tagId, name: tag.name, collection: tag.collection, tenantId: tag.tenantId, testMode: tag.testMode,
  metadata: tag.metadataFields.filter((f) => f.visible).map(({ key, value }) => ({ key, value })),
});

/** A code (generated or an activation serial) belongs to one tag in the whole platform: `/tag/{code}` has no tenant. */
export const tagCodeClaims = (schema: string) => uniqueClaims(schema, 'tag_code_claims');

/** The claim refused the code: a serial already activated, or a generated code to draw again. */
export class CodeTaken extends DomainError {
  constructor() {
    super('Conflict', tagMessages.alreadyActivated, { code: tagMessages.alreadyActivated });
  }
}

export const projectTags =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events: StoredEvent[], tx) => {
    const docs = readModels.collection<TagDoc>(tags, tx);
    const links = readModels.collection<PublicTagDoc>(publicTags, tx);
    const claims = tagCodeClaims(schema);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as TagEvent;
      switch (event.type) {
        case 'TagCreated':
          if (!(await claims.claim(tx, event.data.code, event.data.tagId))) throw new CodeTaken();
          await docs.put(docOf(event.data, stored.streamVersion));
          await links.put(publicDocOf(event.data));
          break;
        case 'TagUpdated':
          await docs.put(docOf(event.data, stored.streamVersion));
          await links.put(publicDocOf(event.data));
          break;
        case 'TagDeleted':
          await claims.release(tx, event.data.code, event.data.tagId);
          await docs.delete(event.data.tagId);
          await links.delete(event.data.code);
          break;
      }
    }
  };
