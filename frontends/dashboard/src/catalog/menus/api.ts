import { ApiError, api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';
import type { Availability } from './time';

/** null falls back to the merchant's branding (seed 001 §3). */
export interface MenuBranding {
  banner: string | null;
  icon: string | null;
}

/** A menu (seed 001 §3; docs/catalog-api.md). */
export interface Menu {
  id: string;
  title: string;
  description?: string;
  branding?: MenuBranding;
  availability: Availability;
  /** Product ids, in display order. */
  products: string[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface MenuInput {
  title: string;
  description: string;
  branding: MenuBranding;
  availability: { allDayMenu: true } | { allDayMenu: false; begin: string; end: string };
  products: string[];
  testMode: boolean;
}

interface Answer {
  id: string;
  message: string;
}

export const menusPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/menus`;
export const menuPath = (merchantId: string, id: string) => `${menusPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/menus(/new, /{id}). */
export const menusPage = (merchantId: string, rest = '') => `/dashboard${menusPath(merchantId)}${rest ? `/${rest}` : ''}`;

/** The server names nested fields by path ('availability.begin'); the form's fields are flat. */
function flatFieldErrors(error: unknown): never {
  if (error instanceof ApiError && error.errors) {
    const errors = Object.fromEntries(Object.entries(error.errors).map(([name, message]) => [name.replace(/^(availability|branding)\./, ''), message]));
    throw new ApiError(error.status, error.message, errors);
  }
  throw error;
}

export const menusApi = {
  get: (merchantId: string, id: string, signal?: AbortSignal) => api.get<Menu>(menuPath(merchantId, id), signal ? { signal } : {}),
  create: (merchantId: string, menu: MenuInput) => api.post<Answer>(menusPath(merchantId), menu).catch(flatFieldErrors),
  update: (merchantId: string, id: string, menu: Partial<MenuInput>, version?: number) => api.post<Answer>(menuPath(merchantId, id), menu, ifMatch(version)).catch(flatFieldErrors),
  remove: (merchantId: string, id: string) => api.delete<Answer>(menuPath(merchantId, id)),
};
