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
 * Requests of one batch made with one API key, one method and one URL: what they share, once, then
 * each log as `[its index in the batch, createdAt (ms since the epoch), statusCode, requestBody,
 * responseBody]`, the bodies by their index in the batch's `bodies` (-1: none). A client polling a
 * list is one series however often it asks.
 */
export interface RequestLogSeries {
  tenant: { collection: TenantCollection; id: string };
  testMode: boolean;
  apiKeyId: string;
  requestMethod: string;
  requestURL: string;
  logs: Array<[index: number, createdAt: number, statusCode: number, requestBody: number, responseBody: number]>;
}

/**
 * What the edge publishes on REQUEST_LOGS_CHANNEL: a batch with its own id, each distinct body of the
 * batch once, its logs in series. A polled answer repeated 200 times crosses the channel once, and
 * its URL once. A log's id is `requestLogId(batchId, its index)`: the store files a batch as a few
 * segments and finds a log again by its batch.
 */
export interface RequestLogBatch {
  batchId: string;
  bodies: string[];
  series: RequestLogSeries[];
}

/** A log's cacheHit: the answer was 304 Not Modified (a series carries the status only). */
export const isCacheHit = (statusCode: unknown): boolean => statusCode === 304;

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
  const bodyIndex = new Map<string, number>();
  const index = (body: string) => {
    if (body === '') return -1;
    let at = bodyIndex.get(body);
    if (at === undefined) {
      at = bodies.push(body) - 1;
      bodyIndex.set(body, at);
    }
    return at;
  };
  const series = new Map<string, RequestLogSeries>();
  entries.forEach((entry, at) => {
    const key = JSON.stringify([entry.tenant.collection, entry.tenant.id, entry.testMode, entry.apiKeyId, entry.requestMethod, entry.requestURL]);
    let one = series.get(key);
    if (!one) {
      const { tenant, testMode, apiKeyId, requestMethod, requestURL } = entry;
      series.set(key, (one = { tenant, testMode, apiKeyId, requestMethod, requestURL, logs: [] }));
    }
    one.logs.push([at, Date.parse(entry.createdAt), entry.statusCode, index(entry.requestBody), index(entry.responseBody)]);
  });
  return { batchId, bodies, series: [...series.values()] };
}

/**
 * The entries of a published message with their ids and bodies put back, in the batch's order, not
 * yet checked (the consumer checks each field). Besides a batch of series (RequestLogBatch), earlier
 * releases of the edge sent a batch with `entries` (each with its fields, bodies by index), entries
 * without `batchId` (ids of their own), or a plain array (bodies inline).
 */
export function unpackRequestLogs(message: unknown): unknown[] {
  if (Array.isArray(message)) return message;
  if (!message || typeof message !== 'object') return [];
  const { batchId, bodies, entries, series } = message as { batchId?: unknown; bodies?: unknown; entries?: unknown; series?: unknown };
  if (!Array.isArray(bodies)) return [];
  const bodyAt = (at: unknown) => (typeof at === 'number' && typeof bodies[at] === 'string' ? (bodies[at] as string) : '');
  const idOf = (index: number) => (typeof batchId === 'string' ? { id: requestLogId(batchId, index) } : {});
  if (Array.isArray(series)) {
    const unpacked: Array<{ index: number; entry: unknown }> = [];
    for (const one of series as Array<Partial<RequestLogSeries> | undefined>) {
      if (!one || typeof one !== 'object' || !Array.isArray(one.logs)) continue;
      const { logs, ...shared } = one;
      for (const log of logs as unknown[]) {
        if (!Array.isArray(log)) continue;
        const [index, createdAt, statusCode, requestBody, responseBody] = log as unknown[];
        if (typeof index !== 'number') continue;
        unpacked.push({
          index,
          entry: { ...shared, ...idOf(index), createdAt: typeof createdAt === 'number' ? new Date(createdAt).toISOString() : createdAt, statusCode, cacheHit: isCacheHit(statusCode), requestBody: bodyAt(requestBody), responseBody: bodyAt(responseBody) },
        });
      }
    }
    return unpacked.sort((a, b) => a.index - b.index).map(({ entry }) => entry);
  }
  if (!Array.isArray(entries)) return [];
  return entries.map((entry: unknown, index) =>
    entry && typeof entry === 'object'
      ? {
          ...entry,
          ...idOf(index),
          requestBody: bodyAt((entry as { requestBody?: unknown }).requestBody),
          responseBody: bodyAt((entry as { responseBody?: unknown }).responseBody),
        }
      : entry,
  );
}
