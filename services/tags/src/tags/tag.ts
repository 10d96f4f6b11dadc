import { conflict, notFound, type Decider, type TenantCollection } from '@seatside/chassis';

/** Seed 001 §2, §7 and the brief of the tags issue: the tag routes' strings, reused by tests. */
export const tagMessages = {
  nameRequired: 'Name is required',
  keyRequired: 'Key is required',
  serialInvalid: 'Please enter a valid serial',
  notFound: 'Tag not found',
  created: 'Tag Created',
  updated: 'Tag Updated',
  deleted: 'Tag Deleted',
  activated: 'Tag Activated',
  alreadyActivated: 'This tag is already activated',
  alreadyExists: 'This tag already exists',
  noFreeCode: 'Could not pick a free tag code. Please try again.',
  modeInvalid: 'testMode must be true or false',
} as const;

/** One metadata pair in the merchant's order (seatside.tags.v1.TagMetadataField); `visible` ones are shown to the diner. */
export type TagMetadataField = { key: string; value: string; visible: boolean };

/** What the tag form edits. */
export type TagFields = { name: string; metadataFields: TagMetadataField[] };

/** The tenant a tag belongs to (the product's documentCollection / documentId). */
export type TagOwner = { collection: TenantCollection; tenantId: string };

/**
 * The whole tag, as seatside.tags.v1.Tag (camelCase) plus `testMode` (the envelope's test_mode):
 * Created and Updated carry it, so a consumer upserts the snapshot. `metadata` is the key → value
 * map the proto keeps beside the ordered fields (a repeated key keeps its last value).
 */
export type Tag = TagOwner &
  TagFields & {
    tagId: string;
    code: string;
    metadata: Record<string, string>;
    activated: boolean;
    nfc: boolean;
    testMode: boolean;
    createdAt: string;
    updatedAt: string;
  };

export type TagDeletedData = TagOwner & { tagId: string; code: string; testMode: boolean; at: string };

export type TagEvent =
  | { type: 'TagCreated'; data: Tag }
  | { type: 'TagUpdated'; data: Tag }
  | { type: 'TagDeleted'; data: TagDeletedData };

type NewTag = TagOwner & TagFields & { tagId: string; code: string; testMode: boolean; at: string };

export type TagCommand =
  | { type: 'CreateTag'; data: NewTag }
  | { type: 'ActivateTag'; data: NewTag & { nfc: boolean } }
  | { type: 'UpdateTag'; data: TagOwner & { tagId: string; changes: Partial<TagFields>; at: string } }
  | { type: 'DeleteTag'; data: TagOwner & { tagId: string; at: string } };

export type TagState = { status: 'none' } | { status: 'live'; tag: Tag } | { status: 'deleted' };

export const metadataMapOf = (fields: TagMetadataField[]): Record<string, string> => Object.fromEntries(fields.map((f) => [f.key, f.value]));

/** The live tag of this tenant, or NotFound: another tenant's tag id is not found either. */
function liveTag(state: TagState, owner: TagOwner): Tag {
  if (state.status !== 'live' || state.tag.collection !== owner.collection || state.tag.tenantId !== owner.tenantId) throw notFound(tagMessages.notFound, 'tag_not_found');
  return state.tag;
}

function newTagOf({ at, ...tag }: NewTag, activation: { activated: boolean; nfc: boolean }): Tag {
  return { ...tag, metadata: metadataMapOf(tag.metadataFields), ...activation, createdAt: at, updatedAt: at };
}

export const tagDecider: Decider<TagCommand, TagEvent, TagState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateTag': {
        if (state.status !== 'none') throw conflict(tagMessages.alreadyExists);
        return [{ type: 'TagCreated', data: newTagOf(command.data, { activated: false, nfc: false }) }];
      }
      case 'ActivateTag': {
        if (state.status !== 'none') throw conflict(tagMessages.alreadyActivated);
        const { nfc, ...tag } = command.data;
        return [{ type: 'TagCreated', data: newTagOf(tag, { activated: true, nfc }) }];
      }
      case 'UpdateTag': {
        const tag = { ...liveTag(state, command.data), ...command.data.changes, updatedAt: command.data.at };
        return [{ type: 'TagUpdated', data: { ...tag, metadata: metadataMapOf(tag.metadataFields) } }];
      }
      case 'DeleteTag': {
        const { tagId, collection, tenantId, code, testMode } = liveTag(state, command.data);
        return [{ type: 'TagDeleted', data: { tagId, collection, tenantId, code, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'TagCreated':
      case 'TagUpdated':
        return { status: 'live', tag: event.data };
      case 'TagDeleted':
        return { status: 'deleted' };
    }
  },
};

export const tagStream = (tagId: string) => `tag-${tagId}`;
