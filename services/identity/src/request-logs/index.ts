import { Router, type Request } from 'express';
import {
  isTenantCollection, modeOf, notFound, parseListQuery, quoteSchema, REQUEST_LOG_RETENTION_DAYS, REQUEST_LOGS_CHANNEL, type CollectionSpec, type RequestLogEntry,
} from '@seatside/chassis';
import type { IdentityContext } from '../context';
import type { IdentitySlice } from '../index';
import type { TenantCollection } from '../tenants/membership';
import { tenantParams } from '../tenants/params';
import { tenantKey } from '../tenants/projections';

/** Stored request logs: the entry and its tenant key (for the list's filter). */
type RequestLogDoc = Omit<RequestLogEntry, 'tenant'> & { tenant: string };

export const requestLogs: CollectionSpec = { name: 'request_logs', sortable: ['createdAt'], filterable: ['tenant', 'testMode'] };

export const requestLogMessages = { notFound: 'Log not found' } as const;

const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the API shows of a log (seed 001 "Log"). */
export const requestLogView = (doc: RequestLogDoc) => ({
  id: doc.id,
  createdAt: doc.createdAt,
  requestMethod: doc.requestMethod,
  requestURL: doc.requestURL,
  statusCode: doc.statusCode,
  cacheHit: doc.cacheHit,
  requestBody: doc.requestBody,
  responseBody: doc.responseBody,
  testMode: doc.testMode,
  apiKeyId: doc.apiKeyId,
});

/** A published batch as stored documents; anything not shaped like an entry is left out. */
export function docsOf(message: unknown): RequestLogDoc[] {
  if (!Array.isArray(message)) return [];
  const docs: RequestLogDoc[] = [];
  for (const item of message as Partial<RequestLogEntry>[]) {
    if (!item || typeof item.id !== 'string' || !item.tenant || !isTenantCollection(item.tenant.collection) || typeof item.tenant.id !== 'string') continue;
    docs.push({
      id: item.id,
      tenant: tenantKey(item.tenant.collection, item.tenant.id),
      apiKeyId: String(item.apiKeyId ?? ''),
      createdAt: String(item.createdAt ?? ''),
      requestMethod: String(item.requestMethod ?? ''),
      requestURL: String(item.requestURL ?? ''),
      statusCode: Number(item.statusCode ?? 0),
      cacheHit: item.cacheHit === true,
      requestBody: String(item.requestBody ?? ''),
      responseBody: String(item.responseBody ?? ''),
      testMode: item.testMode === true,
    });
  }
  return docs;
}

/**
 * Request logs (docs/identity-api.md "Request logs"): the edge publishes redacted batches of the
 * requests made with API keys (gateway/src/request-logs.ts); this slice stores each batch with one
 * statement (ids make a batch heard by two replicas one row each), keeps 30 days, and lists them to
 * the tenant's admins, newest first, in the mode asked for.
 */
export function requestLogsSlice(ctx: Pick<IdentityContext, 'deps' | 'tenancy'>): IdentitySlice {
  const { deps, tenancy } = ctx;
  const store = () => deps.readModels.collection<RequestLogDoc>(requestLogs);
  let unsubscribe: (() => Promise<void>) | undefined;
  let writing: Promise<void> = Promise.resolve();
  let sweeper: NodeJS.Timeout | undefined;

  const sweep = async () => {
    const before = new Date(deps.now().getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS).toISOString();
    await deps.pool
      .query(`DELETE FROM ${quoteSchema(deps.schema)}."rm_${requestLogs.name}" WHERE doc ->> 'createdAt' < $1`, [before])
      .catch((err: unknown) => deps.logger.warn({ err }, 'old request logs could not be removed'));
  };

  const router = Router();
  tenantParams(router);
  const tenantOf = (req: Request) => req.params as { collection: TenantCollection; id: string };

  router.get('/v1/:collection/:id/logs', async (req, res) => {
    const { collection, id } = tenantOf(req);
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: 'any' });
    const query = parseListQuery(req.query, { sort: 'createdAt', order: 'desc' });
    // The mode asked for; an API key's own mode when it asks for none.
    const testMode = req.query?.testMode === undefined ? (req.principal?.tenant?.testMode ?? false) : query.testMode;
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: modeOf(testMode) });
    const page = await store().find({ filter: { tenant: tenantKey(collection, id), testMode }, sort: 'createdAt', order: query.order ?? 'desc', limit: query.limit ?? 100, cursor: query.cursor });
    res.json({ data: page.data.map(requestLogView), nextCursor: page.nextCursor, total: page.total });
  });

  router.get('/v1/:collection/:id/logs/:logId', async (req, res) => {
    const { collection, id } = tenantOf(req);
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: 'any' });
    const doc = await store().get(String(req.params.logId));
    if (!doc || doc.tenant !== tenantKey(collection, id)) throw notFound(requestLogMessages.notFound, 'log_not_found');
    await tenancy.authorize(req.principal, { collection, id, role: 'admin', mode: modeOf(doc.testMode) });
    res.json(requestLogView(doc));
  });

  return {
    router,
    collections: [requestLogs],
    async start() {
      unsubscribe = await deps.kv.pubsub.subscribe(REQUEST_LOGS_CHANNEL, (message) => {
        const docs = docsOf(message);
        if (docs.length === 0) return;
        writing = writing.then(() => store().putMany(docs)).catch((err: unknown) => deps.logger.warn({ err, count: docs.length }, 'request logs could not be stored'));
      });
      await sweep();
      sweeper = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      // A batch published just before the stop is delivered on a later turn: let it arrive, then store it.
      await new Promise((resolve) => setImmediate(resolve));
      await unsubscribe?.();
      await writing;
    },
  };
}
