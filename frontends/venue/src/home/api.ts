import { api } from '@seatside/ui';

/** A merchant as the venue dashboard shows it (docs/catalog-api.md, "Venues: linked merchants"). */
export interface LinkedMerchant {
  id: string;
  name: string;
  handle: string;
  description: string;
  icon: string;
}
export interface FoundMerchant extends LinkedMerchant {
  linked: boolean;
  pending: boolean;
}

const base = (venueId: string) => `/venues/${encodeURIComponent(venueId)}`;

export const venueApi = {
  linked: (venueId: string, signal?: AbortSignal) => api.get<{ data: LinkedMerchant[]; pending: LinkedMerchant[] }>(`${base(venueId)}/merchants`, { signal }),
  search: (venueId: string, q: string, signal?: AbortSignal) =>
    api.get<{ data: FoundMerchant[] }>(`${base(venueId)}/merchants/search?q=${encodeURIComponent(q)}`, { signal }),
  link: (venueId: string, merchantId: string, action: 'link' | 'unlink') =>
    api.get<{ message: string }>(`${base(venueId)}/link/${encodeURIComponent(merchantId)}?action=${action}`),
  reorder: (venueId: string, merchantIds: string[]) => api.post<{ message: string }>(`${base(venueId)}/merchants/order`, merchantIds),
};

/** Seed 002 §5: the search starts only after more than 2 characters. */
export const SEARCH_MIN = 3;

/** The list with the item at `from` moved to `to` (a drag, or a move up/down). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
