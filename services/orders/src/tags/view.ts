import type { CollectionSpec, ServiceDeps, StoredEvent, Tx } from '@seatside/chassis';

/**
 * The orders service's copy of the tags it needs for TAG orders (services share events, never
 * tables): who a tag belongs to, its code and its metadata in the merchant's order. Fed by the
 * checkpointed subscription `orders-tags` on the tags service's log (TagCreated and TagUpdated carry
 * the whole tag; TagDeleted marks it deleted, so an order through it is refused plainly).
 */
export const tagViews: CollectionSpec = { name: 'tag_views' };

export const TAGS_SUBSCRIPTION = 'orders-tags';
export const TAG_EVENT_TYPES: readonly string[] = ['TagCreated', 'TagUpdated', 'TagDeleted'];

export type TagMetadataField = { key: string; value: string; visible: boolean };

export type TagView = {
  id: string;
  collection: string;
  tenantId: string;
  code: string;
  name: string;
  testMode: boolean;
  metadataFields: TagMetadataField[];
  deleted: boolean;
  /** The tags log position that last set it: an older, redelivered event changes nothing. */
  position: number;
};

type TagData = { tagId?: unknown; collection?: unknown; tenantId?: unknown; code?: unknown; name?: unknown; testMode?: unknown; metadataFields?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function fieldsOf(value: unknown): TagMetadataField[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((field: unknown) => {
    if (typeof field !== 'object' || field === null) return [];
    const { key, value: v, visible } = field as Record<string, unknown>;
    return typeof key === 'string' && key ? [{ key, value: text(v), visible: visible !== false }] : [];
  });
}

/** Applies one tags event in the subscription's transaction (exactly once, with the checkpoint). */
export function projectTagEvent(deps: Pick<ServiceDeps, 'readModels'>) {
  return async (stored: StoredEvent, tx: Tx): Promise<void> => {
    const data = stored.data as TagData;
    if (typeof data.tagId !== 'string') return;
    const views = deps.readModels.collection<TagView>(tagViews, tx);
    const current = await views.get(data.tagId);
    if (current && current.position >= stored.globalPosition) return;
    const base = {
      id: data.tagId,
      collection: text(data.collection),
      tenantId: text(data.tenantId),
      code: text(data.code),
      testMode: data.testMode === true,
      position: stored.globalPosition,
    };
    if (stored.type === 'TagDeleted') {
      await views.put({ ...base, name: current?.name ?? '', metadataFields: current?.metadataFields ?? [], deleted: true });
      return;
    }
    await views.put({ ...base, name: text(data.name), metadataFields: fieldsOf(data.metadataFields), deleted: false });
  };
}

/** The pairs a diner sees, in the merchant's order. */
export const visibleMetadata = (tag: Pick<TagView, 'metadataFields'>) => tag.metadataFields.filter((field) => field.visible).map(({ key, value }) => ({ key, value }));

/** 'Section 104 · Seat 2C': the pairs as one line (the storefront's tagLabel, the same rule). */
export const locationLabel = (metadata: readonly { key: string; value: string }[]): string =>
  metadata
    .map(({ key, value }) => [key.trim(), value.trim()].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(' · ');
