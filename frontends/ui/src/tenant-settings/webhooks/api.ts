import { api } from '../shared';
import type { Tenant } from '../api';

/** The webhooks API (docs/webhooks-api.md); webhooks belong to merchants. */
export interface WebhookEventType {
  name: string;
  value: string;
}

export interface Webhook {
  id: string;
  title: string;
  url: string;
  active: boolean;
  events: string[];
  testMode: boolean;
  disabledReason: string | null;
  createdAt: string;
  bearerToken?: string;
}

export interface WebhookInput {
  title: string;
  url: string;
  active: boolean;
  events: string[];
}

export interface WebhookLog {
  id: string;
  webhookId: string;
  event: string;
  /** Seconds. */
  createdAt: number;
  statusCode: number | null;
  attempts: number;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  requestURL: string;
  requestBody: string;
  responseBody: string;
  error: string | null;
  nextAttemptAt: string | null;
}

interface Answer {
  message: string;
  id: string;
}

const enc = encodeURIComponent;
const base = (tenant: Tenant) => `/merchants/${enc(tenant.id)}/webhooks`;

export const webhooksApi = {
  events: (signal?: AbortSignal) => api.get<WebhookEventType[]>('/merchants/webhook-events', { signal }),
  list: (tenant: Tenant, testMode: boolean, signal?: AbortSignal) =>
    api.get<{ data: Webhook[] }>(base(tenant), { query: { testMode, limit: 1000 }, signal }).then((page) => page.data),
  get: (tenant: Tenant, webhookId: string, signal?: AbortSignal) => api.get<Webhook>(`${base(tenant)}/${enc(webhookId)}`, { signal }),
  create: (tenant: Tenant, input: WebhookInput, testMode: boolean) => api.post<Answer & { secret: string }>(base(tenant), { ...input, testMode }),
  update: (tenant: Tenant, webhookId: string, input: Partial<WebhookInput>) => api.post<Answer>(`${base(tenant)}/${enc(webhookId)}`, input),
  remove: (tenant: Tenant, webhookId: string) => api.delete<Answer>(`${base(tenant)}/${enc(webhookId)}`),
  rotateSecret: (tenant: Tenant, webhookId: string) => api.post<Answer & { secret: string }>(`${base(tenant)}/${enc(webhookId)}/secret`, {}),
  logs: (tenant: Tenant, webhookId: string, page: number, limit: number, signal?: AbortSignal) =>
    api.get<{ data: WebhookLog[]; total: number }>(`${base(tenant)}/${enc(webhookId)}/logs`, { query: { page, limit }, signal }),
  resend: (tenant: Tenant, webhookId: string, logId: string) => api.post<Answer>(`${base(tenant)}/${enc(webhookId)}/logs/${enc(logId)}/resend`, {}),
};
