import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import { touchStorefront } from '../storefront/versions';
import type { MenuEvent, MenuFields } from './menu';

/** Menus are a card grid (seed 001 §2): sorted by title by default, searched by title. */
export const menus: CollectionSpec = {
  name: 'menus',
  sortable: ['title', 'description', 'createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['merchantId', 'testMode'],
};

/** `version` is the stream version, sent as the ETag for If-Match. */
export type MenuDoc = MenuFields & { id: string; merchantId: string; testMode: boolean; createdAt: string; updatedAt: string; version: number };

export const projectMenus =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<MenuDoc>(menus, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as MenuEvent;
      switch (event.type) {
        case 'MenuCreated': {
          const { menuId, at, ...fields } = event.data;
          await collection.put({ id: menuId, ...fields, createdAt: at, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'MenuUpdated': {
          const { menuId, at, merchantId: _m, testMode: _t, ...changes } = event.data;
          await collection.patch(menuId, { ...changes, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'MenuDeleted':
          await collection.delete(event.data.menuId);
          break;
      }
      // Every event names its merchant and mode: that storefront is rebuilt on its next read.
      await touchStorefront(readModels, tx, stored, event.data.merchantId, event.data.testMode);
    }
  };
