import type { Express } from 'express';
import request from 'supertest';
import { authenticate } from '../auth/express';
import { createTestIssuer } from '../auth/testing';
import type { TenantCollection, TenantRole } from '../auth/tenant';
import type { Principal, TokenVerifier } from '../auth/types';
import { membershipId, tenantMemberships, type TenantMembershipDoc } from '../tenancy';
import { createHttpApp, finishHttpApp } from '../http/app';
import { createKeyValueAdapters } from '../kv';
import type { KeyValueAdapters } from '../kv/types';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';
import { quoteSchema } from '../db';
import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { commonV1 } from '@seatside/proto';
import { randomUUID } from 'node:crypto';
import { committedEvents, createPgEventStore } from '../eventstore/pg';
import { publishedChannel } from '../eventstore/pg-notify';
import { committedPublished, insertPublished } from '../published/pg';
import type { PublishedRow } from '../published/types';
import type { EventStore, StoredEvent } from '../eventstore/types';
import { defaultSchemaOf, startService, type ServiceModule, type StartedService } from '../service';
import { freshSchema } from './pg';

export interface TestService {
  app: Express;
  started: StartedService;
  /** A supertest agent over the service's real router. */
  http(): ReturnType<typeof request>;
  /**
   * The event log of another service this one subscribes to (`options.sources`), in a schema of
   * its own for this test: append to it as that service would.
   */
  sourceLog(service: string): EventStore;
  /**
   * Every committed event of this service's log (or of a source's), in order. Unlike `readAll`, not
   * held back by the snapshot horizon, which any transaction running anywhere on the server (another
   * spec file's, in a parallel run) moves: for specs that check what was, or was not, written.
   */
  committed(service?: string): Promise<StoredEvent[]>;
  /** Every committed row of this service's published stream (or of a source's), in order. */
  published(service?: string): Promise<PublishedRow[]>;
  /**
   * Publishes an integration event on a source's published stream (`options.sources`), as that
   * service would: at a new position after every event so far. Answers the position, to await a
   * consumer with `caughtUp`-style polling. `eventId` repeats an event already published (a
   * redelivery, as a consumer's replay would see it).
   */
  publish<Desc extends DescMessage>(source: string, schema: Desc, init: MessageInitShape<Desc>, options?: { streamId?: string; eventId?: string }): Promise<number>;
  /**
   * The identity service grants `uid` a role in a tenant (default: a merchant's team member), as its
   * TenantMembershipGranted would; resolves once this service's copy of the memberships has it.
   */
  grant(membership: { uid: string; tenantId: string; collection?: TenantCollection; role?: TenantRole }): Promise<void>;
  /** A bearer token for a caller (e.g. `{ uid: 'u1', claims: { admin: true } }`). */
  tokenFor(principal: Partial<Principal> & { uid: string }): Promise<string>;
  /** The verifiers the router trusts (the service's own, then the test issuer's), for a socket server over the same tokens. */
  verifiers: TokenVerifier[];
  stop(): Promise<void>;
}

/**
 * Starts a service over a fresh PostgreSQL schema with its real router, chassis middleware and
 * token verification, as the embedded runtime would; for API specs.
 */
export async function startTestService(
  module: ServiceModule,
  options: { now?: () => Date; newId?: () => string; kv?: KeyValueAdapters; sources?: string[] } = {},
): Promise<TestService> {
  const fresh = await freshSchema(module.name.replace(/-/g, '_'));
  const schemaOf = (service: string) => (service === module.name ? fresh.schema : `${fresh.schema}__${defaultSchemaOf(service)}`);
  const sourceLogs = new Map<string, EventStore>();
  for (const source of options.sources ?? []) {
    await fresh.pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schemaOf(source))}`);
    const log = createPgEventStore({ pool: fresh.pool, schema: schemaOf(source) });
    await log.migrate();
    sourceLogs.set(source, log);
  }
  const logger = createLogger({ service: module.name, level: 'silent' });
  const metrics = createMetrics({ defaultMetrics: false });
  const kv = options.kv ?? (await createKeyValueAdapters({}));
  const issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
  const started = await startService(module, { pool: fresh.pool, schema: fresh.schema, kv, logger, metrics, now: options.now, newId: options.newId, schemaOf });
  const verifiers = [...(started.service.verifiers ?? []), issuer.verifier()];
  const app = createHttpApp({
    logger,
    metrics,
    readiness: { postgres: () => fresh.pool.query('SELECT 1') },
    before: [authenticate(verifiers)],
  });
  app.use(started.service.router);
  finishHttpApp(app);
  return {
    app,
    started,
    http: () => request(app),
    sourceLog(service) {
      const log = sourceLogs.get(service);
      if (!log) throw new Error(`startTestService: pass sources: ['${service}'] to append to its log`);
      return log;
    },
    committed: (service = module.name) => committedEvents(fresh.pool, schemaOf(service)),
    published: (service = module.name) => committedPublished(fresh.pool, schemaOf(service)),
    async publish(source, schema, init, options = {}) {
      if (!sourceLogs.has(source)) throw new Error(`startTestService: pass sources: ['${source}'] to publish on its stream`);
      const s = quoteSchema(schemaOf(source));
      const client = await fresh.pool.connect();
      try {
        // A position from the source log's own sequence, taken as an append would (first write, then
        // the row in the same transaction), so the readers' snapshot rule holds for it.
        await client.query('BEGIN');
        const { rows } = await client.query<{ p: string }>(`SELECT nextval('${s.replace(/"/g, '')}.events_global_position_seq'::regclass) AS p`);
        const position = Number(rows[0]!.p);
        const message = create(schema, init) as { envelope?: commonV1.EventEnvelope };
        const streamId = options.streamId ?? `test-${position}`;
        const eventId = options.eventId ?? randomUUID();
        const recordedAt = new Date();
        message.envelope = create(commonV1.EventEnvelopeSchema, {
          tenantId: message.envelope?.tenantId ?? '',
          testMode: message.envelope?.testMode ?? false,
          tenantCollection: message.envelope?.tenantCollection ?? commonV1.TenantCollection.UNSPECIFIED,
          eventId,
          occurredAt: timestampFromDate(recordedAt),
          streamId,
          streamVersion: 1n,
        });
        const row: PublishedRow = { globalPosition: position, eventId, streamId, type: schema.typeName, payload: toBinary(schema, message as never), recordedAt };
        await insertPublished(client, schemaOf(source), [row]);
        await client.query('COMMIT');
        // As an append does after its commit (not awaited, like its notifier): consumers of the
        // stream are woken, not left to their poll.
        void fresh.pool.query('SELECT pg_notify($1, NULL)', [publishedChannel(schemaOf(source))]).catch(() => undefined);
        return position;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    async grant({ uid, tenantId, collection = 'merchants', role = 'teamMember' }) {
      const log = sourceLogs.get('identity');
      if (!log) throw new Error(`startTestService: pass sources: ['identity'] to grant memberships`);
      await log.appendToStream(`members-${collection}-${tenantId}`, [
        { type: 'TenantMembershipGranted', data: { collection, tenantId, uid, role, grantedBy: 'alice', at: new Date().toISOString() } },
      ], { expectedVersion: 'any' });
      const copy = started.deps.readModels.collection<TenantMembershipDoc>(tenantMemberships);
      while (!(await copy.get(membershipId(collection, tenantId, uid)))) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    verifiers,
    tokenFor: (principal) =>
      issuer.sign({ uid: principal.uid, email: principal.email, claims: principal.claims ?? {}, ...(principal.tenant ? { tenant: principal.tenant } : {}) }),
    async stop() {
      await started.stop();
      for (const log of sourceLogs.values()) await log.close();
      for (const source of sourceLogs.keys()) await fresh.pool.query(`DROP SCHEMA IF EXISTS ${quoteSchema(schemaOf(source))} CASCADE`);
      if (!options.kv) await kv.close();
      await fresh.drop();
    },
  };
}
