import { Router, type Request } from 'express';
import { z } from 'zod';
import { isCacheHit, isTenantCollection, listQuerySchema, modeOf, notFound, requestedMode, parseListQuery, validationFailed, REQUEST_LOG_RETENTION_DAYS, REQUEST_LOGS_CHANNEL, sweepEvery, unpackRequestLogs, type RequestLogBatch, type RequestLogEntry, type RequestLogSeries, type Sweep } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import type { TenantCollection } from '../tenants/membership';
import { tenantParams } from '../tenants/params';
import { createRequestLogStore, SEGMENT_SPAN_MS, type RequestLogRow, type Segment, type StoredLogFields } from './store';

export { requestLogsTableSql, requestLogBodiesSql, requestLogSegmentsSql } from './store';

export const requestLogMessages = { notFound: 'Log not found' } as const;

/** What a log list honours, for the API reference: newest (or oldest) first by createdAt, no search. */
export const requestLogsQuery = listQuerySchema.pick({ limit: true, cursor: true, order: true, testMode: true }).extend({
  sort: z.literal('createdAt').optional().describe('createdAt only (the default); `order` asc for oldest first'),
});

const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Segments per INSERT when batches queue up behind a slow write. */
const MAX_SEGMENTS_PER_WRITE = 200;

/** An entry as published, after its fields are checked; its bodies as the batch names them. */
interface Checked<B> {
  index: number;
  tenant: RequestLogRow['tenant'];
  testMode: boolean;
  at: number;
  log: StoredLogFields;
  requestBody: B;
  responseBody: B;
}

/** The entry's fields checked (anything not shaped like an entry is left out). */
function checked<B>(item: Partial<Omit<RequestLogEntry, 'requestBody' | 'responseBody'>> | undefined, index: number, bodyOf: (at: unknown) => B): Checked<B> | undefined {
  if (!item || typeof item !== 'object' || !item.tenant || !isTenantCollection(item.tenant.collection) || typeof item.tenant.id !== 'string') return undefined;
  const at = typeof item.createdAt === 'string' ? Date.parse(item.createdAt) : NaN;
  if (Number.isNaN(at)) return undefined;
  const loose = item as Record<string, unknown>;
  return {
    index,
    tenant: { collection: item.tenant.collection, id: item.tenant.id },
    testMode: item.testMode === true,
    at,
    log: [index, at, String(item.requestMethod ?? ''), String(item.requestURL ?? ''), Number.isInteger(item.statusCode) ? Number(item.statusCode) : 0, item.cacheHit === true ? 1 : 0, String(item.apiKeyId ?? '')],
    requestBody: bodyOf(loose.requestBody),
    responseBody: bodyOf(loose.responseBody),
  };
}

/** The logs of a batch of series (RequestLogBatch), their fields checked once per series. */
function checkedSeries(series: unknown[], bodyAt: (at: unknown) => number): Checked<number>[] {
  const entries: Checked<number>[] = [];
  for (const one of series as Array<Partial<RequestLogSeries> | undefined>) {
    if (!one || typeof one !== 'object' || !Array.isArray(one.logs) || !one.tenant || !isTenantCollection(one.tenant.collection) || typeof one.tenant.id !== 'string') continue;
    const tenant = { collection: one.tenant.collection, id: one.tenant.id };
    const testMode = one.testMode === true;
    const method = String(one.requestMethod ?? '');
    const url = String(one.requestURL ?? '');
    const apiKeyId = String(one.apiKeyId ?? '');
    for (const log of one.logs as unknown[]) {
      if (!Array.isArray(log)) continue;
      const [index, at, statusCode, requestBody, responseBody] = log as unknown[];
      if (!Number.isInteger(index) || typeof at !== 'number' || !Number.isFinite(at)) continue;
      const status = Number.isInteger(statusCode) ? (statusCode as number) : 0;
      entries.push({ index: index as number, tenant, testMode, at, log: [index as number, at, method, url, status, isCacheHit(status) ? 1 : 0, apiKeyId], requestBody: bodyAt(requestBody), responseBody: bodyAt(responseBody) });
    }
  }
  return entries;
}

/**
 * A published message as segments to store (store.ts): a batch's logs grouped by tenant, mode and
 * UTC day, in time order, cut where a segment would span more than SEGMENT_SPAN_MS, numbered in that
 * order (the same message gives the same segments: a batch heard twice is stored once). A batch of
 * an edge of an earlier release with `entries` is filed alike; older messages (entries with ids of
 * their own, bodies inline) give one segment per entry under its id.
 */
export function segmentsOf(message: unknown): Segment[] {
  const packed = message as { batchId?: unknown; bodies?: unknown; series?: unknown; entries?: unknown } | undefined;
  if (!packed || typeof packed !== 'object' || Array.isArray(message) || typeof packed.batchId !== 'string' || !Array.isArray(packed.bodies) || !(Array.isArray(packed.series) || Array.isArray(packed.entries))) {
    return unpackRequestLogs(message).flatMap((item) => {
      const entry = checked(item as Partial<RequestLogEntry>, 0, (body) => (typeof body === 'string' ? body : ''));
      const id = (item as { id?: unknown } | undefined)?.id;
      if (!entry || typeof id !== 'string') return [];
      return [{ batchId: id, part: 0, tenant: entry.tenant, testMode: entry.testMode, bodies: [entry.requestBody, entry.responseBody], logs: [[...entry.log, entry.requestBody ? 0 : -1, entry.responseBody ? 1 : -1]], ids: [id] }];
    });
  }
  const { batchId, bodies } = packed as RequestLogBatch;
  const bodyAt = (at: unknown) => (typeof at === 'number' && typeof bodies[at] === 'string' && bodies[at] !== '' ? at : -1);
  const entries = Array.isArray(packed.series)
    ? checkedSeries(packed.series, bodyAt)
    : (packed.entries as unknown[]).flatMap((item, index) => checked(item as Partial<RequestLogEntry>, index, bodyAt) ?? []);
  const groups = new Map<string, Checked<number>[]>();
  for (const entry of entries) {
    const key = `${entry.tenant.collection}:${entry.tenant.id}:${entry.testMode}:${Math.floor(entry.at / DAY_MS)}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(entry);
  }
  const segments: Segment[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.at - b.at || a.index - b.index);
    let segment: Segment | undefined;
    let from = 0;
    let local = new Map<number, number>();
    const bodyIn = (at: number) => {
      if (at < 0 || !segment) return -1;
      let mine = local.get(at);
      if (mine === undefined) local.set(at, (mine = segment.bodies.push(bodies[at]!) - 1));
      return mine;
    };
    for (const entry of group) {
      if (!segment || entry.at - from > SEGMENT_SPAN_MS) {
        segment = { batchId, part: segments.length, tenant: entry.tenant, testMode: entry.testMode, bodies: [], logs: [] };
        segments.push(segment);
        from = entry.at;
        local = new Map();
      }
      segment.logs.push([...entry.log, bodyIn(entry.requestBody), bodyIn(entry.responseBody)]);
    }
  }
  return segments;
}

/**
 * Request logs (docs/identity-api.md "Request logs"): the edge publishes redacted batches of the
 * requests made with API keys (gateway/src/request-logs.ts); this slice appends them to its own
 * typed table (store.ts), one INSERT for whatever arrived meanwhile (ids make a batch heard by two
 * replicas one row each), keeps 30 days, and lists them to the tenant's admins, newest first, in the
 * mode asked for.
 */
export function requestLogsSlice(ctx: Pick<IdentityContext, 'deps' | 'tenancy'>): IdentitySlice {
  const { deps, tenancy } = ctx;
  const store = createRequestLogStore({ pool: deps.pool, schema: deps.schema });
  let unsubscribe: (() => Promise<void>) | undefined;
  let queued: Segment[] = [];
  let writing: Promise<void> | undefined;
  let sweeper: Sweep | undefined;

  // One write at a time; batches that arrive during it go together in the next.
  const drain = async () => {
    while (queued.length > 0) {
      const rows = queued.slice(0, MAX_SEGMENTS_PER_WRITE);
      queued = queued.slice(rows.length);
      await store.append(rows).catch((err: unknown) => deps.logger.warn({ err, count: rows.length }, 'request logs could not be stored'));
    }
    writing = undefined;
  };

  const sweep = () => store.sweep(new Date(deps.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS));

  const router = Router();
  tenantParams(router);
  const tenantOf = (req: Request) => req.params as { collection: TenantCollection; id: string };

  router.get('/v1/:collection/:id/logs', async (req, res) => {
    const { collection, id } = tenantOf(req);
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: 'any' });
    const query = parseListQuery(req.query, { sort: 'createdAt', order: 'desc' });
    // Logs come in time order only; another sort would be ignored, so it is refused as the other lists refuse one.
    if (query.sort !== 'createdAt') throw validationFailed(`Cannot sort by ${query.sort}`, { sort: `Cannot sort by ${query.sort}` });
    // The mode asked for; an API key's own mode when it asks for none.
    const testMode = requestedMode(req, req.query?.testMode === undefined ? undefined : query.testMode);
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: modeOf(testMode) });
    const page = await store.page({ tenant: { collection, id }, testMode, order: query.order ?? 'desc', limit: query.limit ?? 100, cursor: query.cursor });
    res.json({ data: page.data, nextCursor: page.nextCursor, total: page.total });
  });

  router.get('/v1/:collection/:id/logs/:logId', async (req, res) => {
    const { collection, id } = tenantOf(req);
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: 'any' });
    const found = await store.get(String(req.params.logId));
    if (!found || found.tenant.collection !== collection || found.tenant.id !== id) throw notFound(requestLogMessages.notFound, 'log_not_found');
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: modeOf(found.testMode) });
    const { tenant: _tenant, ...log } = found;
    res.json(log);
  });

  return {
    router,
    async start() {
      unsubscribe = await deps.kv.pubsub.subscribe(REQUEST_LOGS_CHANNEL, (message) => {
        const segments = segmentsOf(message);
        if (segments.length === 0) return;
        queued.push(...segments);
        writing ??= drain();
      });
      // The first round at once, then hourly; a failed one is logged and the next tries again.
      sweeper = sweepEvery(deps.logger, RETENTION_SWEEP_MS, sweep, 'old request logs could not be removed', true);
    },
    async stop() {
      await sweeper?.stop();
      // A batch published just before the stop is delivered on a later turn: let it arrive, then store it.
      await new Promise((resolve) => setImmediate(resolve));
      await unsubscribe?.();
      await writing;
    },
  };
}
