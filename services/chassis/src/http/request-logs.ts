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

/** Redaction's answers within one batch: a text met again (clients poll: the same URL, the same answer) is redacted once. */
export interface RedactionMemo {
  urls: Map<string, string>;
  bodies: Map<string, string>;
}

export const redactionMemo = (): RedactionMemo => ({ urls: new Map(), bodies: new Map() });

const remembered = (memo: Map<string, string>, text: string, rule: (text: string) => string) => {
  let out = memo.get(text);
  if (out === undefined) {
    out = rule(text);
    memo.set(text, out);
  }
  return out;
};

/** The entry as stored: URL and bodies through the one redaction rule (http/redact.ts), each distinct text once per memo. */
export function redactRequestLog(raw: RawRequestLog, memo: RedactionMemo = redactionMemo()): RequestLogEntry {
  return {
    ...raw,
    requestURL: remembered(memo.urls, raw.requestURL, redactUrl),
    requestBody: remembered(memo.bodies, raw.requestBody, redactBody),
    responseBody: remembered(memo.bodies, raw.responseBody, redactBody),
  };
}

/**
 * What the edge publishes on REQUEST_LOGS_CHANNEL: each distinct body of the batch once, the entries
 * naming theirs by index. A polled answer repeated 200 times crosses the channel once.
 */
export interface RequestLogBatch {
  bodies: string[];
  entries: Array<Omit<RequestLogEntry, 'requestBody' | 'responseBody'> & { requestBody: number; responseBody: number }>;
}

export function packRequestLogs(entries: readonly RequestLogEntry[]): RequestLogBatch {
  const bodies: string[] = [];
  const indexOf = new Map<string, number>();
  const index = (body: string) => {
    let at = indexOf.get(body);
    if (at === undefined) {
      at = bodies.push(body) - 1;
      indexOf.set(body, at);
    }
    return at;
  };
  return { bodies, entries: entries.map((entry) => ({ ...entry, requestBody: index(entry.requestBody), responseBody: index(entry.responseBody) })) };
}

/**
 * The entries of a published message, bodies put back, not yet checked (the consumer checks each
 * field). A plain array is a batch from an edge of an earlier release, which sent bodies inline.
 */
export function unpackRequestLogs(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!message || typeof message !== 'object') return [];
  const { bodies, entries } = message as { bodies?: unknown; entries?: unknown };
  if (!Array.isArray(bodies) || !Array.isArray(entries)) return [];
  const bodyAt = (at: unknown) => (typeof at === 'number' && typeof bodies[at] === 'string' ? (bodies[at] as string) : '');
  return entries.map((entry: unknown) =>
    entry && typeof entry === 'object' ? { ...entry, requestBody: bodyAt((entry as { requestBody?: unknown }).requestBody), responseBody: bodyAt((entry as { responseBody?: unknown }).responseBody) } : entry,
  );
}
