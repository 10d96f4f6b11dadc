import { createContext, useContext } from 'react';
import type { StorefrontDocument } from '../domain/types';
import type { PageAction } from './types';

/** What a block renderer may reach: the document (live products) and the action runner. */
export interface PageContextValue {
  doc: StorefrontDocument;
  run(action: PageAction | null | undefined): void;
  openProduct(productId: string): void;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('A page block renders inside PageView');
  return value;
}
