import { createContext, useContext } from 'react';
import type { PageAction } from './types';

/** A product as a product grid shows it: its title, its price as text, its first image. */
export interface PageProduct {
  id: string;
  title: string;
  price: string;
  image?: string;
  soldOut: boolean;
}

/**
 * What a block renderer may reach: the action runner, the live catalog's products and the product
 * sheet. The storefront gives the diner's; the editor's preview gives its own (actions do nothing).
 */
export interface PageContextValue {
  run(action: PageAction | null | undefined): void;
  /** A product grid's products as they are now: its menu's, or those it names (gone ones left out). */
  gridProducts(props: { menuId: string; productIds: string[] }): PageProduct[];
  openProduct(productId: string): void;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('A page block renders inside a PageContext');
  return value;
}

/** The product ids a grid shows: its menu's products when it names a menu, else the products it names. */
export function gridProductIds(props: { menuId: string; productIds: readonly string[] }, menus: readonly { id: string; products: readonly string[] }[]): string[] {
  return [...(props.menuId ? (menus.find((menu) => menu.id === props.menuId)?.products ?? []) : props.productIds)];
}
