import type { RequestLog } from '@seatside/rules';
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

/** One stored request log (seed 001 "Log", its shape in @seatside/rules), plus whose it is. */
export interface RequestLogEntry extends RequestLog {
  tenant: { collection: TenantCollection; id: string };
}

/** What the edge saw, before redaction (kept only in the edge's memory): the same shape, secrets still in. */
export type RawRequestLog = RequestLogEntry;

/** The entry as stored: URL and bodies through the one redaction rule (http/redact.ts). */
export function redactRequestLog(raw: RawRequestLog): RequestLogEntry {
  return { ...raw, requestURL: redactUrl(raw.requestURL), requestBody: redactBody(raw.requestBody), responseBody: redactBody(raw.responseBody) };
}
