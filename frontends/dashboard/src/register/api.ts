import { api } from '@seatside/ui';
import type { RegisterKind } from './messages';

/** GET /v1/places (docs/catalog-api.md): US establishments, each with a proposed handle. */
export interface PlaceOption {
  placeId: string;
  name: string;
  address: string;
  handle: string;
  /** A US place's time zone and address parts, when its address reads as one (registration keeps both). */
  timeZone?: string;
  addressParts?: { line1: string; line2: string; city: string; state: string; postal_code: string };
}

export interface TenantFields {
  name: string;
  handle: string;
  googlePlaceId: string;
  timeZone: string;
}

export const registerApi = {
  searchPlaces: (q: string, signal?: AbortSignal) => api.get<{ data: PlaceOption[] }>('/places', { query: { q }, signal }).then((a) => a.data),
  create: (kind: RegisterKind, fields: TenantFields) => api.post<{ id: string; message: string }>(`/${kind.collection}/create`, fields),
  /** The settings' address section (docs/catalog-api.md "Settings"): the chosen place's address. */
  saveAddress: (kind: RegisterKind, id: string, address: NonNullable<PlaceOption['addressParts']>) =>
    api.post<{ message: string }>(`/${kind.collection}/${encodeURIComponent(id)}`, { address }),
};
