import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';

/** A service (seed 001 §3); price in major units, duration in minutes. */
export interface Service {
  id: string;
  title: string;
  description?: string;
  price: number;
  duration: number;
  images: string[];
  visible: boolean;
  taxable: boolean;
  taxRate: number;
  useCustomTaxRate: boolean;
  testMode: boolean;
  /** The caller's display order (null: not placed yet). */
  order?: number | null;
  createdAt: string;
  updatedAt: string;
}

export type ServiceInput = Pick<Service, 'title' | 'description' | 'price' | 'duration' | 'images' | 'taxable' | 'taxRate' | 'useCustomTaxRate' | 'testMode'>;

interface Answer {
  id: string;
  message: string;
}

interface ListAnswer {
  data: Service[];
  nextCursor: string | null;
  total: number;
}

/** A merchant's services are few: the list shows them all, in the caller's order. */
const ALL = 1000;

export const servicesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/services`;
export const servicePath = (merchantId: string, id: string) => `${servicesPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/services(/new, /{id}). */
export const servicesPage = (merchantId: string, rest = '') => `/dashboard${servicesPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const servicesApi = {
  /** The mode's services in the signed-in user's order (then by creation). */
  list: (merchantId: string, testMode: boolean, signal?: AbortSignal) =>
    api.get<ListAnswer>(servicesPath(merchantId), { query: { testMode, limit: ALL }, ...(signal ? { signal } : {}) }).then((page) => page.data),
  get: (merchantId: string, id: string, signal?: AbortSignal) => api.get<Service>(servicePath(merchantId, id), signal ? { signal } : {}),
  create: (merchantId: string, service: ServiceInput) => api.post<Answer>(servicesPath(merchantId), service),
  update: (merchantId: string, id: string, service: Partial<ServiceInput>, version?: number) => api.post<Answer>(servicePath(merchantId, id), service, ifMatch(version)),
  remove: (merchantId: string, id: string) => api.delete<Answer>(servicePath(merchantId, id)),
  /** Replaces the signed-in user's order of the merchant's services (both modes: one list). */
  saveOrder: (merchantId: string, ids: string[]) => api.post<{ message: string }>(`${servicesPath(merchantId)}/order`, { ids }),
};

/**
 * Saves `ids` (the shown mode's services, in their new order) as the user's order; the other
 * mode's services keep their order behind them, since the server keeps one list per user.
 */
export async function saveModeOrder(merchantId: string, testMode: boolean, ids: string[]): Promise<string> {
  const others = await servicesApi.list(merchantId, !testMode);
  const answer = await servicesApi.saveOrder(merchantId, [...ids, ...others.map((s) => s.id)]);
  return answer.message;
}
