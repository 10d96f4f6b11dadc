import { api } from '@seatside/ui';
import type { RegisterKind } from './messages';

/** GET /v1/places (docs/catalog-api.md): US establishments, each with a proposed handle. */
export interface PlaceOption {
  placeId: string;
  name: string;
  address: string;
  handle: string;
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
};
