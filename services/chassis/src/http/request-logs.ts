import type { RequestLog } from '@seatside/rules';
import type { TenantCollection } from '../auth/tenant';

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

/**
 * What the edge publishes on REQUEST_LOGS_CHANNEL: a batch with its own id, each distinct body of the
 * batch once, the entries naming theirs by index (-1: no body). A polled answer repeated 200 times
 * crosses the channel once. An entry's log id is `requestLogId(batchId, its index)`: the store files
 * a batch as a few segments and finds a log again by its batch.
 */
export interface RequestLogBatch {
  batchId: string;
  bodies: string[];
  entries: Array<Omit<RequestLogEntry, 'id' | 'requestBody' | 'responseBody'> & { requestBody: number; responseBody: number }>;
}

/** The id of the log at `index` in batch `batchId`. */
export const requestLogId = (batchId: string, index: number) => `${batchId}.${index}`;

/** The batch and index a log id names (`requestLogId`); an id without them (an earlier release's) is its own batch. */
export function requestLogIdParts(id: string): { batchId: string; index: number } {
  const dot = id.lastIndexOf('.');
  const index = dot > 0 ? Number(id.slice(dot + 1)) : NaN;
  return Number.isInteger(index) && index >= 0 && String(index) === id.slice(dot + 1) ? { batchId: id.slice(0, dot), index } : { batchId: id, index: 0 };
}

/** A batch of the entries given (ids are `requestLogId(batchId, i)`), each distinct body once. */
export function packRequestLogs(batchId: string, entries: ReadonlyArray<Omit<RequestLogEntry, 'id'> & { id?: string }>): RequestLogBatch {
  const bodies: string[] = [];
  const indexOf = new Map<string, number>();
  const index = (body: string) => {
    if (body === '') return -1;
    let at = indexOf.get(body);
    if (at === undefined) {
      at = bodies.push(body) - 1;
      indexOf.set(body, at);
    }
    return at;
  };
  return {
    batchId,
    bodies,
    entries: entries.map(({ id: _id, ...entry }) => ({ ...entry, requestBody: index(entry.requestBody), responseBody: index(entry.responseBody) })),
  };
}

/**
 * The entries of a published message with their ids and bodies put back, not yet checked (the
 * consumer checks each field). A plain array is a batch from an edge of an earlier release, which
 * sent bodies inline; a batch without `batchId` one whose entries carried their own ids.
 */
export function unpackRequestLogs(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!message || typeof message !== 'object') return [];
  const { batchId, bodies, entries } = message as { batchId?: unknown; bodies?: unknown; entries?: unknown };
  if (!Array.isArray(bodies) || !Array.isArray(entries)) return [];
  const bodyAt = (at: unknown) => (typeof at === 'number' && typeof bodies[at] === 'string' ? (bodies[at] as string) : '');
  return entries.map((entry: unknown, index) =>
    entry && typeof entry === 'object'
      ? {
          ...entry,
          ...(typeof batchId === 'string' ? { id: requestLogId(batchId, index) } : {}),
          requestBody: bodyAt((entry as { requestBody?: unknown }).requestBody),
          responseBody: bodyAt((entry as { responseBody?: unknown }).responseBody),
        }
      : entry,
  );
}
