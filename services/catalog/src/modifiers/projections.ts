import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import { selectionsOf, type Modifier, type ModifierEvent } from './modifier';

/** Sortable by every modifier column; `q` searches the title (docs/catalog-api.md). */
export const modifiers: CollectionSpec = {
  name: 'modifiers',
  sortable: ['title', 'instructions', 'description', 'minSelections', 'maxSelections', 'createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['merchantId', 'testMode'],
};

/** `version` is the stream version, sent as the ETag for If-Match. */
export type ModifierDoc = Omit<Modifier, 'modifierId'> & { id: string; minSelections: number; maxSelections: number; version: number };

export const projectModifiers =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<ModifierDoc>(modifiers, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ModifierEvent;
      switch (event.type) {
        case 'ModifierCreated':
        case 'ModifierUpdated': {
          const { modifierId, ...modifier } = event.data;
          await docs.put({ id: modifierId, ...modifier, ...selectionsOf(modifier), version: stored.streamVersion });
          break;
        }
        case 'ModifierDeleted':
          await docs.delete(event.data.modifierId);
          break;
      }
    }
  };
