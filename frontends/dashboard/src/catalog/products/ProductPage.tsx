import { RecordPage, api, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { productPath, productsApi, productsPage, type Product, type ProductInput } from './api';
import { ProductForm } from './ProductForm';
import { productFields, toFormValues, toProductInput, type ProductFormValues } from './values';
import { productMessages } from './messages';

/** A product as a record page sees it (seed 001 §2–§5). */
export const productRecord: RecordKind<Product, ProductFormValues, ProductInput> = {
  messages: productMessages,
  page: productsPage,
  load: (merchantId, id, signal) => api.get<Product>(productPath(merchantId, id), { signal }),
  create: productsApi.create,
  update: productsApi.update,
  remove: productsApi.remove,
  fields: productFields,
  toFormValues,
  toInput: toProductInput,
  Fields: ProductForm,
  name: (product) => product.title,
  meta: (product) => <p data-testid="product-meta">Created {formatDateTime(product.createdAt)}</p>,
};

/** /products/new and /products/{id}. */
export default function ProductPage() {
  return <RecordPage kind={productRecord} />;
}
