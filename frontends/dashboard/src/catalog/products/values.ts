// The product form's values and the body they make: pure, apart from the form (ProductForm.tsx).
import type { Product, ProductInput } from './api';

/** The form's values: numbers stay text until submit so 'Price must be a number' can be said. */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  manageStock: boolean;
  stockQuantity: string;
  code: string;
  images: string[];
  /** The modifiers the product offers (ids). */
  modifiers: string[];
}

export const productFields = ['title', 'description', 'price', 'manageStock', 'stockQuantity', 'code', 'images', 'modifiers'] as const;

export function toFormValues(product?: Product): ProductFormValues {
  return {
    title: product?.title ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    manageStock: product?.manageStock ?? false,
    stockQuantity: String(product?.stockQuantity ?? 0),
    code: product?.code ?? '',
    images: product?.images ?? [],
    modifiers: product?.modifiers ?? [],
  };
}

export function toProductInput(values: ProductFormValues, testMode: boolean): ProductInput {
  return {
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    price: Number(values.price),
    manageStock: values.manageStock,
    // Unmanaged, the count is not sent: the stored one is kept for when stock is managed again.
    ...(values.manageStock ? { stockQuantity: Math.trunc(Number(values.stockQuantity) || 0) } : {}),
    code: (values.code ?? '').trim(),
    images: (values.images ?? []).map((url) => (url ?? '').trim()).filter(Boolean),
    modifiers: values.modifiers ?? [],
    testMode,
  };
}
