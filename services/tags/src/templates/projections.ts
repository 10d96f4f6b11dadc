import type { CollectionSpec, InlineProjection, ReadModelStore, StoredEvent } from '@seatside/chassis';
import type { Layer, TemplatePayload } from '@seatside/template-render';
import { naturalSortKey } from '../tags/sort-key';
import type { TemplateEvent, TemplateOwner, TemplateSnapshot } from './template';

/** A tenant's templates: newest change first by default; `q` searches the title. */
export const templates: CollectionSpec = {
  name: 'templates',
  sortable: ['sortTitle', 'createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['collection', 'documentId', 'testMode'],
};

/** The API's template (seed 002 §3): `documentId` is the tenant; `version` the stream version (ETag). */
export type TemplateView = {
  id: string;
  collection: TemplateOwner['collection'];
  documentId: string;
  title: string;
  width: number;
  height: number;
  payload: TemplatePayload;
  tagId?: string;
  layers: Layer[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type TemplateDoc = TemplateView & { sortTitle: string };

export const templateViewOf = ({ sortTitle: _s, ...view }: TemplateDoc): TemplateView => view;

const docOf = ({ templateId, tenantId, tagId, ...t }: TemplateSnapshot, version: number): TemplateDoc => ({
  id: templateId, documentId: tenantId, ...t, ...(tagId ? { tagId } : {}), sortTitle: naturalSortKey(t.title), version,
});

export const projectTemplates =
  (readModels: ReadModelStore): InlineProjection =>
  async (events: StoredEvent[], tx) => {
    const docs = readModels.collection<TemplateDoc>(templates, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as TemplateEvent;
      if (event.type === 'TemplateDeleted') await docs.delete(event.data.templateId);
      else await docs.put(docOf(event.data, stored.streamVersion));
    }
  };
