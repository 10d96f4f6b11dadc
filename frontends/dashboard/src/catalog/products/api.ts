import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';

/** A product (seed 001 §3); price in major units. */
export interface Product {
  id: string;
  title: string;
  description?: string;
  price: number;
  manageStock: boolean;
  stockQuantity: number;
  images: string[];
  code?: string;
  modifiers?: string[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A product's body; without `stockQuantity` the stored count is kept (a new product's is 0). */
export type ProductInput = Pick<Product, 'title' | 'description' | 'price' | 'manageStock' | 'images' | 'code' | 'testMode'> & { stockQuantity?: number; modifiers: string[] };

interface Answer {
  id: string;
  message: string;
}

export const productsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/products`;
export const productPath = (merchantId: string, id: string) => `${productsPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/products(/new, /{id}). */
export const productsPage = (merchantId: string, rest = '') => `/dashboard${productsPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const productsApi = {
  create: (merchantId: string, product: ProductInput) => api.post<Answer>(productsPath(merchantId), product),
  update: (merchantId: string, id: string, product: Partial<ProductInput>, version?: number) => api.post<Answer>(productPath(merchantId, id), product, ifMatch(version)),
  remove: (merchantId: string, id: string) => api.delete<Answer>(productPath(merchantId, id)),
};
