import { packRequestLogs, REQUEST_LOG_RETENTION_DAYS, REQUEST_LOGS_CHANNEL, requestLogId, runMigrations, type RequestLogEntry } from '@seatside/chassis';
import { identityMigrations } from '../migrations';
import { segmentsOf } from './index';
import { bodyHashOf, createRequestLogStore } from './store';
import { identityApi } from '../openapi';
import { startIdentityWorld, type IdentityWorld, type Person } from '../tenants/testing';

describe('Request logs API', () => {
  let world: IdentityWorld;
  let alice: Person;
  let bob: Person;
  let n = 0;
  let merchantId: string;
  let otherId: string;
  beforeAll(async () => {
    world = await startIdentityWorld();
    alice = await world.person('Alice');
    bob = await world.person('Bob');
  });
  afterAll(() => world.stop());
  beforeEach(async () => {
    merchantId = `rl${(n += 1)}`;
    otherId = `other${n}`;
    await world.tenant('merchants', merchantId, alice);
    await world.tenant('merchants', otherId, bob);
  });

  const http = () => world.svc.http();
  const list = (auth: string, query = '', id = merchantId) => http().get(`/v1/merchants/${id}/logs${query}`).set('authorization', auth);
  let seq = 0;
  const entry = (fields: Partial<RequestLogEntry> = {}): RequestLogEntry => {
    seq += 1;
    return {
      id: `log-${n}-${seq}`,
      tenant: { collection: 'merchants', id: merchantId },
      apiKeyId: 'key-1',
      createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, seq)).toISOString(),
      requestMethod: 'GET',
      requestURL: `/v1/merchants/${merchantId}/products`,
      statusCode: 200,
      cacheHit: false,
      requestBody: '',
      responseBody: '{"data":[]}',
      testMode: false,
      ...fields,
    };
  };
  let batches = 0;
  /**
   * Publishes a batch as the edge does, the entries taking the ids the batch gives them (or as an
   * edge of an earlier release did: `entries` with their fields and bodies by index; older still, the
   * entries inline, with their own ids), and waits until the service has stored it.
   */
  async function publish(entries: RequestLogEntry[], { inline = false, asEntries = false, batchId = `batch-${n}-${(batches += 1)}` } = {}) {
    if (!inline) entries.forEach((e, i) => (e.id = requestLogId(batchId, i)));
    const bodies: string[] = [];
    const bodyAt = (body: string) => (body === '' ? -1 : bodies.push(body) - 1);
    const entriesBatch = () => ({ batchId, bodies, entries: entries.map(({ id: _id, ...e }) => ({ ...e, requestBody: bodyAt(e.requestBody), responseBody: bodyAt(e.responseBody) })) });
    await world.svc.started.deps.kv.pubsub.publish(REQUEST_LOGS_CHANNEL, inline ? entries : asEntries ? entriesBatch() : packRequestLogs(batchId, entries));
    const { pool, schema } = world.svc.started.deps;
    const batchIds = inline ? entries.map((e) => e.id) : [batchId];
    for (;;) {
      const { rows } = await pool.query(`SELECT coalesce(sum(count), 0)::int AS n FROM "${schema}".request_log_segments WHERE batch_id = ANY($1)`, [batchIds]);
      if (rows[0].n === entries.length) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('given logged requests of both modes, when the admin lists them, then the current mode only, newest first, with every field of a log', async () => {
    const older = entry({ requestMethod: 'POST', statusCode: 201, requestBody: '{"title":"Fries"}', responseBody: '{"id":"p1"}' });
    const sandbox = entry({ testMode: true });
    const newer = entry({ requestMethod: 'DELETE', statusCode: 404, cacheHit: false });
    await publish([older, sandbox, newer]);
    const res = await list(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((l: { id: string }) => l.id)).toEqual([newer.id, older.id]);
    expect(res.body.data[1]).toEqual({
      id: older.id, createdAt: older.createdAt, requestMethod: 'POST', requestURL: older.requestURL, statusCode: 201, cacheHit: false,
      requestBody: '{"title":"Fries"}', responseBody: '{"id":"p1"}', testMode: false, apiKeyId: 'key-1',
    });
    expect((await list(alice.auth, '?testMode=true')).body.data.map((l: { id: string }) => l.id)).toEqual([sandbox.id]);
    const one = await http().get(`/v1/merchants/${merchantId}/logs/${older.id}`).set('authorization', alice.auth);
    expect([one.status, one.body.requestBody]).toEqual([200, '{"title":"Fries"}']);
  });

  it('given a list asked by another sort, then 400 under sort (it sorts by createdAt only); the API reference offers only what the list honours (no q, which it never read)', async () => {
    await publish([entry({ statusCode: 500 }), entry({ statusCode: 200 })]);
    const bySort = await list(alice.auth, '?sort=statusCode&order=asc');
    expect([bySort.status, bySort.body.code, bySort.body.errors]).toEqual([400, 'validation_failed', { sort: 'Cannot sort by statusCode' }]);
    const oldestFirst = await list(alice.auth, '?sort=createdAt&order=asc');
    expect([oldestFirst.status, oldestFirst.body.data.map((l: { statusCode: number }) => l.statusCode)]).toEqual([200, [500, 200]]);
    const documented = identityApi.operations.find((o) => o.route === 'GET /v1/:collection/:id/logs')?.query;
    expect(Object.keys((documented as { shape: object } | undefined)?.shape ?? {}).sort()).toEqual(['cursor', 'limit', 'order', 'sort', 'testMode']);
  });

  it('given more than 100 logs, when listed, then 100 per page by default with a cursor to the rest', async () => {
    await publish(Array.from({ length: 105 }, () => entry()));
    const first = await list(alice.auth);
    expect([first.body.data.length, first.body.total]).toEqual([100, 105]);
    const second = await list(alice.auth, `?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.data.length).toBe(5);
  });

  it('given batches whose logs interleave in time, across many segments, when paged either way, then every log comes once, in time order', async () => {
    const start = Date.UTC(2026, 10, 3, 23, 59, 59);
    const all: RequestLogEntry[] = [];
    for (let batch = 0; batch < 70; batch++) {
      // Each batch's logs span 0.8 s, overlapping the next 30 batches' (and some cross midnight); the
      // last batch spans 3 s, so it is cut into segments.
      const logs = Array.from({ length: batch === 69 ? 10 : 3 }, (_, j) => entry({ createdAt: new Date(start + batch * 23 + j * (batch === 69 ? 300 : 400)).toISOString() }));
      if (batch === 3) logs.push(entry({ createdAt: logs[0]!.createdAt })); // two logs of one instant
      await publish(logs);
      all.push(...logs);
    }
    const { pool, schema } = world.svc.started.deps;
    expect((await pool.query(`SELECT count(*)::int AS n FROM "${schema}".request_log_segments WHERE tenant_id = $1`, [merchantId])).rows[0].n).toBeGreaterThan(64);
    const newest = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1)).map((log) => log.id);
    const store = createRequestLogStore({ pool, schema });
    for (const order of ['desc', 'asc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.page({ tenant: { collection: 'merchants', id: merchantId }, testMode: false, order, limit: 7, cursor });
        expect(page.total).toBe(all.length);
        seen.push(...page.data.map((log) => log.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(order === 'desc' ? newest : [...newest].reverse());
    }
    const first = await list(alice.auth, '?limit=5');
    expect(first.body.data.map((log: { id: string }) => log.id)).toEqual(newest.slice(0, 5));
  });

  it("given another tenant's log, when read through this merchant, then 404 'Log not found'; and its list is refused to a stranger", async () => {
    const theirs = entry({ tenant: { collection: 'merchants', id: otherId } });
    await publish([theirs]);
    const res = await http().get(`/v1/merchants/${merchantId}/logs/${theirs.id}`).set('authorization', alice.auth);
    expect([res.status, res.body.code, res.body.message]).toEqual([404, 'log_not_found', 'Log not found']);
    expect((await list(alice.auth)).body.data).toEqual([]);
    expect((await list(alice.auth, '', otherId)).status).toBe(403);
    expect((await list(bob.auth, '', otherId)).body.data.map((l: { id: string }) => l.id)).toEqual([theirs.id]);
  });

  it('given a batch from an edge of an earlier release (bodies inline), then it is stored the same', async () => {
    const old = entry({ requestMethod: 'POST', requestBody: '{"title":"Fries"}', responseBody: '{"id":"p1"}' });
    await publish([old], { inline: true });
    const one = await http().get(`/v1/merchants/${merchantId}/logs/${old.id}`).set('authorization', alice.auth);
    expect([one.status, one.body.requestBody, one.body.responseBody]).toEqual([200, '{"title":"Fries"}', '{"id":"p1"}']);
  });

  it('given a batch from the edge of the last release (entries with their fields, bodies by index), then each log is stored the same under its id', async () => {
    const logs = [entry({ requestMethod: 'POST', statusCode: 201, requestBody: '{"title":"Fries"}', responseBody: '{"id":"p1"}' }), entry({ statusCode: 304, cacheHit: true, responseBody: '' })];
    await publish(logs, { asEntries: true });
    const listed = await list(alice.auth);
    expect(listed.body.data.map((l: { id: string; statusCode: number; cacheHit: boolean }) => [l.id, l.statusCode, l.cacheHit])).toEqual([[logs[1]!.id, 304, true], [logs[0]!.id, 201, false]]);
    const one = await http().get(`/v1/merchants/${merchantId}/logs/${logs[0]!.id}`).set('authorization', alice.auth);
    expect([one.status, one.body.createdAt, one.body.requestBody, one.body.responseBody]).toEqual([200, logs[0]!.createdAt, '{"title":"Fries"}', '{"id":"p1"}']);
  });

  it('given the same batch heard twice (two replicas), then each log is stored once', async () => {
    const once = entry();
    await publish([once], { batchId: `twice-${n}` });
    await publish([once], { batchId: `twice-${n}` });
    expect((await list(alice.auth)).body.total).toBe(1);
  });

  it('given a batch stored while a page is read, then the total never counts a log the page does not show', async () => {
    const { pool, schema } = world.svc.started.deps;
    const writer = createRequestLogStore({ pool, schema });
    const arriving = segmentsOf(packRequestLogs(`meanwhile-${n}`, [entry(), entry()]));
    // The batch is stored right after the page's first statement, whichever that is.
    let first = true;
    const racing = new Proxy(pool, {
      get(target, name, receiver) {
        if (name !== 'query') return Reflect.get(target, name, receiver);
        return async (...args: Parameters<typeof pool.query>) => {
          const answer = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (first) {
            first = false;
            await writer.append(arriving);
          }
          return answer;
        };
      },
    });
    const page = await createRequestLogStore({ pool: racing, schema }).page({ tenant: { collection: 'merchants', id: merchantId }, testMode: false, order: 'desc', limit: 100 });
    expect(page.data.length).toBeGreaterThanOrEqual(page.total);
  });

  it('given a signed-out caller, when the logs are listed, then 401', async () => {
    expect((await http().get(`/v1/merchants/${merchantId}/logs`)).status).toBe(401);
  });

  it('given logs older than 30 days, when the retention sweep runs, then they are gone and the recent ones kept', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = entry({ createdAt: new Date(Date.now() - 31 * day).toISOString() });
    const recent = entry({ createdAt: new Date(Date.now() - 29 * day).toISOString() });
    await publish([old, recent]);
    const { pool, schema } = world.svc.started.deps;
    await createRequestLogStore({ pool, schema }).sweep(new Date(Date.now() - REQUEST_LOG_RETENTION_DAYS * day));
    expect((await list(alice.auth)).body.data.map((l: { id: string }) => l.id)).toEqual([recent.id]);
  });

  it('given logs stored by the old jsonb read model, when the identity migrations run, then every one is in the table, none lost, and the old table is gone', async () => {
    const { pool } = world.svc.started.deps;
    const schema = `rl_migrate_${process.pid}_${n}`;
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.query(`CREATE SCHEMA "${schema}"`);
    await pool.query(`CREATE TABLE "${schema}".rm_request_logs (id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
    const kept = { ...entry({ requestMethod: 'POST', statusCode: 201, requestBody: '{"title":"Fries"}', testMode: true }), tenant: `merchants:${merchantId}` };
    await pool.query(`INSERT INTO "${schema}".rm_request_logs (id, doc) VALUES ($1, $2)`, [kept.id, JSON.stringify(kept)]);
    await runMigrations(pool, schema, [identityMigrations(schema)]);
    const { rows } = await pool.query(`SELECT batch_id FROM "${schema}".request_log_segments`);
    expect(rows.map((r) => r.batch_id)).toEqual([kept.id]);
    const stored = await createRequestLogStore({ pool, schema }).get(kept.id);
    expect(stored).toEqual({
      id: kept.id, tenant: { collection: 'merchants', id: merchantId }, testMode: true, createdAt: kept.createdAt, requestMethod: 'POST', requestURL: kept.requestURL,
      statusCode: 201, cacheHit: false, requestBody: '{"title":"Fries"}', responseBody: '{"data":[]}', apiKeyId: 'key-1',
    });
    expect((await pool.query(`SELECT to_regclass('"${schema}".rm_request_logs') AS t`)).rows[0].t).toBeNull();
    await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
  });

  describe('bodies stored once per tenant and day', () => {
    const bodiesOf = async () => {
      const { pool, schema } = world.svc.started.deps;
      const { rows } = await pool.query(`SELECT day::text AS day, body FROM "${schema}".request_log_bodies WHERE hash = ANY($1) ORDER BY day, body`, [
        [merchantId, otherId].flatMap((id) => ['{"data":["same"]}', '{"data":["other day"]}'].map((body) => bodyHashOf({ collection: 'merchants', id }, body))),
      ]);
      return rows.map((r) => `${r.day} ${r.body}`);
    };

    it('given the same answer logged 50 times in a day, across batches, then it is stored once and every log reads it back', async () => {
      const same = Array.from({ length: 50 }, () => entry({ responseBody: '{"data":["same"]}' }));
      await publish(same.slice(0, 20));
      await publish(same.slice(20));
      expect(await bodiesOf()).toEqual(['2026-11-01 {"data":["same"]}']);
      const listed = (await list(alice.auth)).body.data as Array<{ responseBody: string; requestBody: string }>;
      expect(listed.length).toBe(50);
      expect(listed.every((log) => log.responseBody === '{"data":["same"]}' && log.requestBody === '')).toBe(true);
    });

    it("given two tenants' equal answers and one answer on two days, then each tenant and each day has its own copy, and a tenant reads only its own", async () => {
      const mine = entry({ responseBody: '{"data":["same"]}' });
      const theirs = entry({ tenant: { collection: 'merchants', id: otherId }, responseBody: '{"data":["same"]}' });
      const nextDay = entry({ responseBody: '{"data":["other day"]}', createdAt: '2026-11-02T00:00:01.000Z' });
      const sameNextDay = entry({ responseBody: '{"data":["other day"]}', createdAt: '2026-11-01T23:59:59.000Z' });
      await publish([mine, theirs, nextDay, sameNextDay]);
      expect(await bodiesOf()).toEqual(['2026-11-01 {"data":["other day"]}', '2026-11-01 {"data":["same"]}', '2026-11-01 {"data":["same"]}', '2026-11-02 {"data":["other day"]}']);
      const one = await http().get(`/v1/merchants/${otherId}/logs/${theirs.id}`).set('authorization', bob.auth);
      expect([one.status, one.body.responseBody]).toEqual([200, '{"data":["same"]}']);
    });

    it('given a day swept by retention, then its bodies go with its logs, and a later day keeps its own', async () => {
      const day = 24 * 60 * 60 * 1000;
      const old = entry({ responseBody: '{"data":["same"]}', createdAt: new Date(Date.now() - 31 * day).toISOString() });
      const recent = entry({ responseBody: '{"data":["same"]}', createdAt: new Date(Date.now() - 29 * day).toISOString() });
      await publish([old, recent]);
      expect((await bodiesOf()).length).toBe(2);
      const { pool, schema } = world.svc.started.deps;
      await createRequestLogStore({ pool, schema }).sweep(new Date(Date.now() - REQUEST_LOG_RETENTION_DAYS * day));
      expect(await bodiesOf()).toEqual([`${recent.createdAt.slice(0, 10)} {"data":["same"]}`]);
      const kept = await http().get(`/v1/merchants/${merchantId}/logs/${recent.id}`).set('authorization', alice.auth);
      expect(kept.body.responseBody).toBe('{"data":["same"]}');
    });

    it('given logs stored with their bodies inline (migration 2), when migrations 3 and 4 run, then each reads back the same under its id, and a new log of an equal body the same day shares the moved copy', async () => {
      const { pool } = world.svc.started.deps;
      const schema = `rl_bodies_${process.pid}_${n}`;
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.query(`CREATE SCHEMA "${schema}"`);
      const all = identityMigrations(schema);
      await runMigrations(pool, schema, [{ ...all, migrations: all.migrations.filter((m) => m.version <= 2) }]);
      const inline = [entry({ requestMethod: 'POST', requestBody: '{"title":"Frïes"}', responseBody: '{"data":["same"]}' }), entry({ responseBody: '{"data":["same"]}' })];
      for (const log of inline) {
        await pool.query(
          `INSERT INTO "${schema}".request_logs (id, tenant_collection, tenant_id, test_mode, created_at, api_key_id, request_method, request_url, status_code, cache_hit, request_body, response_body)
           VALUES ($1, 'merchants', $2, false, $3, 'key-1', $4, '/v1/x', 200, false, $5, $6)`,
          [log.id, merchantId, log.createdAt, log.requestMethod, log.requestBody, log.responseBody],
        );
      }
      await runMigrations(pool, schema, [all]);
      const store = createRequestLogStore({ pool, schema });
      expect(await Promise.all(inline.map(async (log) => {
        const read = await store.get(log.id);
        return [read?.requestBody, read?.responseBody];
      }))).toEqual([['{"title":"Frïes"}', '{"data":["same"]}'], ['', '{"data":["same"]}']]);
      await store.append(segmentsOf(packRequestLogs('later', [{ ...entry({ responseBody: '{"data":["same"]}' }), requestURL: '/v1/x' }])));
      expect((await pool.query(`SELECT count(*)::int AS n FROM "${schema}".request_log_bodies`)).rows[0].n).toBe(2);
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    });
  });
});
