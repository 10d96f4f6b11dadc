import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import { touchStorefront } from '../storefront/versions';
import { toMajor } from '../entities';
import { selectionsOf, type Modifier, type ModifierEvent, type ModifierOption } from './modifier';

/** Sortable by every modifier column; `q` searches the title (docs/catalog-api.md). */
export const modifiers: CollectionSpec = {
  name: 'modifiers',
  sortable: ['title', 'instructions', 'description', 'minSelections', 'maxSelections', 'createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['merchantId', 'testMode'],
};

/** An option as the API shows it: `additionalCost` in major units. */
export type ModifierOptionDoc = Omit<ModifierOption, 'additionalCostMinor'> & { additionalCost: number };

/** `version` is the stream version, sent as the ETag for If-Match. */
export type ModifierDoc = Omit<Modifier, 'modifierId' | 'options'> & {
  id: string;
  options: ModifierOptionDoc[];
  minSelections: number;
  maxSelections: number;
  version: number;
};

const optionDocOf = ({ additionalCostMinor, ...option }: ModifierOption): ModifierOptionDoc => ({ ...option, additionalCost: toMajor(additionalCostMinor) });

export const projectModifiers =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<ModifierDoc>(modifiers, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ModifierEvent;
      switch (event.type) {
        case 'ModifierCreated':
        case 'ModifierUpdated': {
          const { modifierId, currency: _currency, ...modifier } = event.data;
          await docs.put({ id: modifierId, ...modifier, options: modifier.options.map(optionDocOf), ...selectionsOf(modifier), version: stored.streamVersion });
          break;
        }
        case 'ModifierDeleted':
          await docs.delete(event.data.modifierId);
          break;
      }
      // Every event names its merchant and mode: that storefront is rebuilt on its next read.
      await touchStorefront(readModels, tx, stored, event.data.merchantId, event.data.testMode);
    }
  };
