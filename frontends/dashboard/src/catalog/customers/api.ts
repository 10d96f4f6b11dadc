import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';

/** A free-form key/value pair of a customer, in order. */
export interface CustomerMetadata {
  key: string;
  value: string;
}

/** A customer (seed 001 §3). */
export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  metadata: CustomerMetadata[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
}

export type CustomerInput = Omit<Customer, 'id' | 'createdAt' | 'updatedAt'>;

interface Answer {
  id: string;
  message: string;
}

export const customersPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/customers`;
export const customerPath = (merchantId: string, id: string) => `${customersPath(merchantId)}/${encodeURIComponent(id)}`;

/** Where the screens live: /dashboard/merchants/{merchantId}/customers(/new, /{customerId}). */
export const customersPage = (merchantId: string, rest = '') => `/dashboard${customersPath(merchantId)}${rest ? `/${rest}` : ''}`;

export const customersApi = {
  get: (merchantId: string, id: string, signal?: AbortSignal) => api.get<Customer>(customerPath(merchantId, id), { signal }),
  create: (merchantId: string, customer: CustomerInput) => api.post<Answer>(customersPath(merchantId), customer),
  update: (merchantId: string, id: string, customer: Partial<CustomerInput>, version?: number) => api.post<Answer>(customerPath(merchantId, id), customer, ifMatch(version)),
  remove: (merchantId: string, id: string) => api.delete<Answer>(customerPath(merchantId, id)),
};

/** 'Ada Lovelace'; the first name alone when there is no last one. */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return [customer.firstName, customer.lastName].filter((part) => part?.trim()).join(' ');
}
