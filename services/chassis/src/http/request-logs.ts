import type { TenantCollection } from '../auth/tenant';
import { redactBody, redactUrl } from './redact';

/**
 * The request logs (docs/identity-api.md "Request logs"): the edge records every request made with
 * an API key and publishes batches of them on this kv pub/sub channel; the identity service, which
 * owns API keys, stores them. Secrets are redacted before anything leaves the edge.
 */
export const REQUEST_LOGS_CHANNEL = 'request-logs';

/** How long a request log is kept. */
export const REQUEST_LOG_RETENTION_DAYS = 30;

/** One stored request log (seed 001 "Log"), plus whose it is. */
export interface RequestLogEntry {
  id: string;
  tenant: { collection: TenantCollection; id: string };
  apiKeyId: string;
  /** ISO 8601. */
  createdAt: string;
  requestMethod: string;
  requestURL: string;
  statusCode: number;
  /** The answer came from a cache: a 304 to a conditional request. */
  cacheHit: boolean;
  requestBody: string;
  responseBody: string;
  testMode: boolean;
}

/** What the edge saw, before redaction (kept only in the edge's memory). */
export interface RawRequestLog extends Omit<RequestLogEntry, 'requestBody' | 'responseBody' | 'requestURL'> {
  requestURL: string;
  requestBody: string;
  responseBody: string;
}

/** The entry as stored: URL and bodies through the one redaction rule (http/redact.ts). */
export function redactRequestLog(raw: RawRequestLog): RequestLogEntry {
  return { ...raw, requestURL: redactUrl(raw.requestURL), requestBody: redactBody(raw.requestBody), responseBody: redactBody(raw.responseBody) };
}
