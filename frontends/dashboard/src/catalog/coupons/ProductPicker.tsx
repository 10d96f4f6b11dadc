import { useEffect, useState } from 'react';
import { api, errorMessage, type ListPage } from '@seatside/ui/src/lists';
import { productsPath, type Product } from '../products/api';
import { couponMessages as m } from './messages';

export interface ProductPickerProps {
  id?: string;
  merchantId: string;
  testMode: boolean;
  value?: string[];
  onChange?(value: string[]): void;
}

/** The products a coupon applies to when not all: the first page of the mode's products; unknown ids say so. */
export function ProductPicker({ id, merchantId, testMode, value = [], onChange }: ProductPickerProps) {
  const [products, setProducts] = useState<Product[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ListPage<Product>>(productsPath(merchantId), { query: { testMode, sort: 'title', order: 'asc' }, signal: controller.signal })
      .then((page) => setProducts(page.data), (err: unknown) => !controller.signal.aborted && setError(err));
    return () => controller.abort();
  }, [merchantId, testMode]);
  if (error !== undefined) return <p role="alert">{errorMessage(error)}</p>;
  if (!products) return <p>Loading…</p>;
  const toggle = (productId: string) => onChange?.(value.includes(productId) ? value.filter((v) => v !== productId) : [...value, productId]);
  const unknown = value.filter((productId) => !products.some((p) => p.id === productId));
  return (
    <ul className="ls-picker" id={id}>
      {products.map((product) => (
        <li key={product.id}>
          <label>
            <input type="checkbox" checked={value.includes(product.id)} onChange={() => toggle(product.id)} />
            {product.title}
          </label>
        </li>
      ))}
      {unknown.map((productId) => (
        <li key={productId}>
          <label>
            <input type="checkbox" checked onChange={() => toggle(productId)} />
            {m.productNotFound}
          </label>
        </li>
      ))}
    </ul>
  );
}
