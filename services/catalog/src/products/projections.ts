import type { CollectionSpec, InlineProjection, ReadModelStore, StoredEvent } from '@seatside/chassis';
import { touchStorefront } from '../storefront/versions';
import { toMajor } from '../entities';
import type { ProductEvent, ProductFields } from './product';

/**
 * Sortable: every sortable column of the products table (seed 001 §2) and `code` (the default
 * sort). Searchable: title and price (seed 001 §7) — prefix search only matches strings, so the
 * price is also kept as `priceText` ("12.50").
 */
export const products: CollectionSpec = {
  name: 'products',
  sortable: ['title', 'description', 'price', 'manageStock', 'stockQuantity', 'createdAt', 'updatedAt', 'code'],
  searchable: ['title', 'priceText'],
  filterable: ['merchantId', 'testMode'],
};

/** The record as the API shows it: price in major units. `version` is the stream version (ETag). */
export type Product = Omit<ProductFields, 'priceMinor'> & {
  id: string;
  merchantId: string;
  testMode: boolean;
  price: number;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type ProductDoc = Product & { priceText: string };

const priceFields = (priceMinor: number) => ({ price: toMajor(priceMinor), priceText: toMajor(priceMinor).toFixed(2) });

/** The document without its search helper. */
export const productOf = ({ priceText: _priceText, ...product }: ProductDoc): Product => product;

const stockChanges = new Set(['ProductStockReduced', 'ProductStockRestored']);

/**
 * The products' documents, and their storefront's version once per merchant and mode. A run of
 * stock changes of one product (the stock follower appends many at once) patches it once, with
 * the last: each such patch sets the same fields.
 */
export const projectProducts =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<ProductDoc>(products, tx);
    const lastStockChange = new Map<string, StoredEvent>();
    for (const stored of events) if (stockChanges.has(stored.type)) lastStockChange.set((stored.data as { productId: string }).productId, stored);
    const storefronts = new Map<string, { stored: StoredEvent; merchantId: string; testMode: boolean }>();
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ProductEvent;
      switch (event.type) {
        case 'ProductCreated': {
          const { productId, at, priceMinor, currency: _currency, ...fields } = event.data;
          await collection.put({ id: productId, ...fields, ...priceFields(priceMinor), createdAt: at, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'ProductUpdated': {
          const { productId, at, priceMinor, merchantId: _m, testMode: _t, currency: _currency, ...changes } = event.data;
          const price = priceMinor === undefined ? {} : priceFields(priceMinor);
          await collection.patch(productId, { ...changes, ...price, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'ProductDeleted':
          await collection.delete(event.data.productId);
          break;
        case 'ProductStockReduced':
        case 'ProductStockRestored':
          if (lastStockChange.get(event.data.productId) !== stored) break;
          await collection.patch(event.data.productId, { stockQuantity: event.data.stockQuantity, updatedAt: event.data.at, version: stored.streamVersion });
          break;
      }
      // Every event names its merchant and mode: that storefront is rebuilt on its next read.
      storefronts.set(`${event.data.merchantId}/${event.data.testMode}`, { stored, merchantId: event.data.merchantId, testMode: event.data.testMode });
    }
    for (const { stored, merchantId, testMode } of storefronts.values()) await touchStorefront(readModels, tx, stored, merchantId, testMode);
  };
