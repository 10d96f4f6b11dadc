import { Router, type Request } from 'express';
import { isTenantCollection, modeOf, notFound, requestedMode, parseListQuery, REQUEST_LOG_RETENTION_DAYS, REQUEST_LOGS_CHANNEL, sweepEvery, unpackRequestLogs, type RequestLogEntry, type Sweep } from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import type { TenantCollection } from '../tenants/membership';
import { tenantParams } from '../tenants/params';
import { createRequestLogStore, type RequestLogRow } from './store';

export { requestLogsTableSql, requestLogBodiesSql } from './store';

export const requestLogMessages = { notFound: 'Log not found' } as const;

const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT when batches queue up behind a slow write. */
const MAX_ROWS_PER_WRITE = 1000;

/** A published batch as rows to store; anything not shaped like an entry is left out. */
export function rowsOf(message: unknown): RequestLogRow[] {
  const rows: RequestLogRow[] = [];
  for (const item of unpackRequestLogs(message) as Partial<RequestLogEntry>[]) {
    if (!item || typeof item.id !== 'string' || !item.tenant || !isTenantCollection(item.tenant.collection) || typeof item.tenant.id !== 'string') continue;
    if (typeof item.createdAt !== 'string' || Number.isNaN(Date.parse(item.createdAt))) continue;
    rows.push({
      id: item.id,
      tenant: { collection: item.tenant.collection, id: item.tenant.id },
      apiKeyId: String(item.apiKeyId ?? ''),
      createdAt: item.createdAt,
      requestMethod: String(item.requestMethod ?? ''),
      requestURL: String(item.requestURL ?? ''),
      statusCode: Number.isInteger(item.statusCode) ? Number(item.statusCode) : 0,
      cacheHit: item.cacheHit === true,
      requestBody: String(item.requestBody ?? ''),
      responseBody: String(item.responseBody ?? ''),
      testMode: item.testMode === true,
    });
  }
  return rows;
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
  let queued: RequestLogRow[] = [];
  let writing: Promise<void> | undefined;
  let sweeper: Sweep | undefined;

  // One write at a time; batches that arrive during it go together in the next.
  const drain = async () => {
    while (queued.length > 0) {
      const rows = queued.slice(0, MAX_ROWS_PER_WRITE);
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
        const rows = rowsOf(message);
        if (rows.length === 0) return;
        queued.push(...rows);
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
