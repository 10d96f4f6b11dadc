import { MAX_AMOUNT_TEXT, conflict, notFound, type Decider } from '@seatside/chassis';
import type { Denominated } from '../entities';

/** The most stock a product may count (docs/catalog-api.md). */
export const MAX_STOCK_QUANTITY = 1_000_000_000;

/** The spec's words for products (docs/catalog-api.md), reused by the router and the specs. */
export const productMessages = {
  titleRequired: 'Title is required',
  priceRequired: 'Price is required',
  priceNotANumber: 'Price must be a number',
  /** No spec words for products (seed 001 §5: "not shown"); worded as the other money fields (coupons' 'Value must be 0 or more'). */
  priceNegative: 'Price must be 0 or more',
  priceTooPrecise: 'Price must have at most 2 decimal places',
  priceTooLarge: `Price must be at most ${MAX_AMOUNT_TEXT}`,
  stockQuantityInvalid: 'Stock quantity must be a whole number of 0 or more',
  stockQuantityTooLarge: 'Stock quantity must be at most 1,000,000,000',
  notFound: 'Product not found',
  created: 'Product Created',
  updated: 'Product Updated',
  deleted: 'Product Deleted',
} as const;

/** What a merchant edits. Money is integer minor units inside the code (the API speaks major units). */
export type ProductFields = {
  title: string;
  description: string;
  priceMinor: number;
  manageStock: boolean;
  stockQuantity: number;
  images: string[];
  code: string;
  /** Modifier ids. */
  modifiers: string[];
};

/** Every event names its merchant and mode, so consumers (webhooks, storefront) need no lookup. */
type Owner = { productId: string; merchantId: string; testMode: boolean; at: string };

export type ProductEvent =
  | { type: 'ProductCreated'; data: Owner & ProductFields & Denominated }
  | { type: 'ProductUpdated'; data: Owner & Partial<ProductFields> & Denominated }
  | { type: 'ProductDeleted'; data: Owner }
  /**
   * Orders (the orders service's OrderPlaced) took `quantity` of a managed product in all;
   * `stockQuantity` is what is left. `orders`: what each took, the orders of one read of the orders
   * log together (one event, not one per order: a popular product is in most orders); events
   * written before 2026-12-01 name one order (`orderId`) instead.
   */
  | { type: 'ProductStockReduced'; data: Owner & { quantity: number; stockQuantity: number } & ({ orders: StockTake[] } | { orderId: string }) }
  /** A cancelled order (OrderCancelled's `restock`) gave `quantity` back; `stockQuantity` is what is left now. */
  | { type: 'ProductStockRestored'; data: Owner & { quantity: number; stockQuantity: number; orderId: string } };

type Target = { productId: string; merchantId: string; at: string };

/** What one order took of a product. */
export type StockTake = { orderId: string; quantity: number };

export type ProductCommand =
  | { type: 'CreateProduct'; data: Owner & ProductFields & Denominated }
  | { type: 'UpdateProduct'; data: Target & Partial<ProductFields> & Denominated }
  | { type: 'DeleteProduct'; data: Target }
  | { type: 'ReduceStock'; data: Target & { orders: StockTake[] } }
  | { type: 'RestoreStock'; data: Target & { quantity: number; orderId: string } };

export type ProductState =
  | { status: 'none' }
  | ({ status: 'live'; merchantId: string; testMode: boolean } & ProductFields & Denominated)
  | { status: 'deleted'; merchantId: string; testMode: boolean };

/** A product of another merchant does not exist for this one (404, never 403: no BOLA hints). */
const liveFor = (state: ProductState, merchantId: string) => {
  if (state.status !== 'live' || state.merchantId !== merchantId) throw notFound(productMessages.notFound);
  return state;
};

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct':
        if (state.status !== 'none') throw conflict('This product already exists');
        return [{ type: 'ProductCreated', data: command.data }];
      case 'UpdateProduct': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'ProductUpdated', data: { ...command.data, testMode } }];
      }
      case 'DeleteProduct': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'ProductDeleted', data: { ...command.data, testMode } }];
      }
      case 'ReduceStock': {
        // Orders only take stock the catalog manages; a product gone or unmanaged since has none to lower.
        if (state.status !== 'live' || state.merchantId !== command.data.merchantId || !state.manageStock) return [];
        // Never below 0: the merchant may have lowered the count after the orders took it.
        const quantity = command.data.orders.reduce((sum, take) => sum + take.quantity, 0);
        const stockQuantity = Math.max(0, state.stockQuantity - quantity);
        return [{ type: 'ProductStockReduced', data: { ...command.data, quantity, testMode: state.testMode, stockQuantity } }];
      }
      case 'RestoreStock': {
        // Only to a product that still manages its stock; one gone or unmanaged since has no count to raise.
        if (state.status !== 'live' || state.merchantId !== command.data.merchantId || !state.manageStock) return [];
        return [{ type: 'ProductStockRestored', data: { ...command.data, testMode: state.testMode, stockQuantity: state.stockQuantity + command.data.quantity } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated': {
        const { productId: _id, at: _at, ...fields } = event.data;
        return { status: 'live', ...fields };
      }
      case 'ProductUpdated': {
        if (state.status !== 'live') return state;
        const { productId: _id, at: _at, merchantId: _m, testMode: _t, ...changes } = event.data;
        return { ...state, ...changes };
      }
      case 'ProductDeleted':
        return { status: 'deleted', merchantId: event.data.merchantId, testMode: event.data.testMode };
      case 'ProductStockReduced':
      case 'ProductStockRestored':
        return state.status === 'live' ? { ...state, stockQuantity: event.data.stockQuantity } : state;
    }
  },
};

export const productStream = (productId: string) => `product-${productId}`;
