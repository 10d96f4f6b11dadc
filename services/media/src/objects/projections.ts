import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { ObjectEvent, ObjectStored } from './events';

/** The gallery: every stored object of a tenant, newest first. */
export const objects: CollectionSpec = {
  name: 'objects',
  sortable: ['lastModified'],
  filterable: ['collection', 'tenantId', 'folder'],
};

export type ObjectDoc = {
  id: string;
  key: string;
  url: string;
  size: number;
  lastModified: string;
  contentType: string;
  collection: ObjectStored['collection'];
  tenantId: string;
  folder: ObjectStored['folder'];
  brandKey: string | null;
};

/** What the REST list and the subgraph answer for one object. */
export const objectView = ({ key, url, size, lastModified }: ObjectDoc) => ({ key, url, size, lastModified });

export const projectObjects =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<ObjectDoc>(objects, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ObjectEvent;
      // An authorized upload is not in the gallery until its bytes arrive.
      if (event.type !== 'ObjectStored') continue;
      const { objectKey, url, size, at, contentType, collection, tenantId, folder, brandKey } = event.data;
      await docs.put({
        id: stored.streamId, key: objectKey, url, size, lastModified: at, contentType, collection, tenantId, folder, brandKey: brandKey ?? null,
      });
    }
  };
