import type { ServiceApiDoc } from './http/openapi';
import { withMethodNotAllowed } from './http/methods';
import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import type { Pool } from 'pg';
import { ensureSchema } from './db';
import type { EventStore } from './eventstore/types';
import { createPgEventStore } from './eventstore/pg';
import type { Upcaster } from './eventstore/upcasters';
import { runMigrations, type MigrationSet } from './migrations';
import { createPgPublishedReader, type PublishedLogReader } from './published/pg';
import { subscriptionOverPublished, type SubscribePublishedOptions } from './published/subscribe';
import type { Publications } from './published/types';
import type { TokenVerifier } from './auth/types';
import type { SubgraphDefinition } from './graphql/subgraph';
import type { KeyValueAdapters } from './kv/types';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { RealtimeHub } from './realtime/types';
import { createPgReadModelStore } from './readmodels/pg';
import type { CollectionSpec, ReadModelStore } from './readmodels/types';
import { createPgCheckpointStore, type CheckpointStore } from './subscriptions/checkpoints';
import { createSubscription, type Subscription, type SubscriptionOptions } from './subscriptions/subscription';

/** What a service gets from whoever starts it (embedded runtime, its own main, or a test). */
export interface ServiceDeps {
  logger: Logger;
  metrics: Metrics;
  pool: Pool;
  schema: string;
  eventStore: EventStore;
  readModels: ReadModelStore;
  checkpoints: CheckpointStore;
  kv: KeyValueAdapters;
  now: () => Date;
  newId: () => string;
  /**
   * Registers a checkpointed consumer, started once the service's read models exist and stopped
   * with the service. `source` names the producing service (its log is read directly, DESIGN §2);
   * default: this service's own log.
   */
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * Registers a checkpointed consumer of another service's published stream (its integration
   * events from `@seatside/proto`), decoded with the generated schemas it lists. The only way a
   * service reads what another one did (docs/ARCHITECTURE.md, Published streams).
   */
  subscribePublished<Schemas extends import('@bufbuild/protobuf').DescMessage>(options: SubscribePublishedOptions<Schemas>): Subscription;
}

export interface SubscribeOptions extends Pick<SubscriptionOptions, 'name' | 'handle' | 'handleBatch' | 'types' | 'committed' | 'batchSize' | 'idleMs' | 'gatherMs'> {
  source?: string;
}

/** What a service gives back: routes under /v1, an optional subgraph, its read models and consumers. */
export interface Service {
  name: string;
  /** Routes carry their full path (`/v1/contact`), so the same router serves embedded and alone. */
  router: Router;
  subgraph?: SubgraphDefinition;
  collections: CollectionSpec[];
  /**
   * Token verifiers this service contributes to the edge (the identity service: its own JWTs and
   * API keys). The embedded gateway and the test kit put them before any configured JWKS.
   */
  verifiers?: TokenVerifier[];
  /**
   * Declares this service's socket.io namespaces (the orders service: `/orders`). Called once per
   * process that serves sockets: the embedded gateway, or the service's own server.
   */
  realtime?(hub: RealtimeHub): void;
  /** Starts background consumers; resolves once they run. */
  start?(): Promise<void>;
  /** Drains background consumers. */
  stop?(): Promise<void>;
}

export type ServiceFactory = (deps: ServiceDeps) => Service;

export interface ServiceModule {
  name: string;
  create: ServiceFactory;
  /** Its own tables' numbered migrations (src/migrations.ts), applied before `create`'s consumers start. */
  migrations?: (schema: string) => MigrationSet;
  /** What it publishes (src/published.ts): written with every append, in its transaction. */
  publications?: Publications;
  /** Old event shapes read as current ones (src/upcasters.ts). */
  upcasters?: readonly Upcaster[];
  /** Its /v1 operations for the OpenAPI document (http/openapi.ts); every /v1 route needs one. */
  api?: ServiceApiDoc;
}

/** A service's PostgreSQL schema by default: its name as an identifier (`ai-voice` → `ai_voice`). */
export const defaultSchemaOf = (service: string) => service.replace(/-/g, '_');

export interface StartedService {
  service: Service;
  deps: ServiceDeps;
  stop(): Promise<void>;
}

/**
 * Wires a service over PostgreSQL: its own schema, event store, read models and checkpoints;
 * migrates them; starts its consumers. Embedded and distributed topologies both start services here.
 */
export async function startService(
  module: ServiceModule,
  options: {
    pool: Pool;
    schema: string;
    kv: KeyValueAdapters;
    logger: Logger;
    metrics: Metrics;
    now?: () => Date;
    newId?: () => string;
    /** Where another service's log lives, for `subscribe({ source })`. Default: its name as an identifier. */
    schemaOf?: (service: string) => string;
  },
): Promise<StartedService> {
  const { pool, schema } = options;
  const logger = options.logger.child({ service: module.name });
  await ensureSchema(pool, schema);
  const eventStore = createPgEventStore({
    pool,
    schema,
    observer: options.metrics.eventStoreObserver(module.name),
    publications: module.publications,
    upcasters: module.upcasters,
  });
  const readModels = createPgReadModelStore({ pool, schema });
  const checkpoints = createPgCheckpointStore({ pool, schema });
  await eventStore.migrate();
  await checkpoints.migrate();
  if (module.migrations) {
    const applied = await runMigrations(pool, schema, [module.migrations(schema)]);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  }
  const subscriptions: Subscription[] = [];
  const sources = new Map<string, EventStore>([[schema, eventStore]]);
  const schemaOfSource = (source: string) => (options.schemaOf ?? defaultSchemaOf)(source);
  const sourceLog = (source: string) => {
    const sourceSchema = schemaOfSource(source);
    if (!sources.has(sourceSchema)) sources.set(sourceSchema, createPgEventStore({ pool, schema: sourceSchema }));
    return sources.get(sourceSchema)!;
  };
  const publishedReaders = new Map<string, PublishedLogReader>();
  const publishedOf = (source: string) => {
    const sourceSchema = schemaOfSource(source);
    // Its log's migrations make the published table too (below), like an internal log's.
    if (!sources.has(sourceSchema)) sources.set(sourceSchema, createPgEventStore({ pool, schema: sourceSchema }));
    if (!publishedReaders.has(sourceSchema)) publishedReaders.set(sourceSchema, createPgPublishedReader({ pool, schema: sourceSchema }));
    return publishedReaders.get(sourceSchema)!;
  };
  const onError = (err: unknown, info: { subscription: string; attempt: number; event?: { globalPosition: number } }) =>
    logger.error({ err, subscription: info.subscription, attempt: info.attempt, position: info.event?.globalPosition }, 'subscription handler failed; retrying');
  const deps: ServiceDeps = {
    logger,
    metrics: options.metrics,
    pool,
    schema,
    eventStore,
    readModels,
    checkpoints,
    kv: options.kv,
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
    subscribe({ source, ...rest }) {
      const subscription = createSubscription({
        ...rest,
        store: source ? sourceLog(source) : eventStore,
        checkpoints,
        observer: options.metrics.subscriptionObserver(module.name),
        onError,
      });
      subscriptions.push(subscription);
      return subscription;
    },
    subscribePublished(subscribeOptions) {
      const subscription = createSubscription({
        ...subscriptionOverPublished(subscribeOptions),
        store: publishedOf(subscribeOptions.source),
        checkpoints,
        observer: options.metrics.subscriptionObserver(module.name),
        onError,
      });
      subscriptions.push(subscription);
      return subscription;
    },
  };
  const created = module.create(deps);
  // Every topology (embedded, alone, the test kit) mounts this router: a route asked with another method is 405 there.
  const service: Service = { ...created, router: withMethodNotAllowed(created.router) };
  await readModels.migrate(service.collections);
  // Another service's log may not exist yet (it starts later, or first on a fresh database): make it
  // (the same idempotent DDL its owner runs, under the same lock), so consumers start quietly.
  for (const [sourceSchema, log] of sources) {
    if (sourceSchema === schema) continue;
    await ensureSchema(pool, sourceSchema);
    await log.migrate();
  }
  for (const subscription of subscriptions) await subscription.start();
  await service.start?.();
  return {
    service,
    deps,
    async stop() {
      await service.stop?.();
      for (const subscription of subscriptions) await subscription.stop();
      for (const log of sources.values()) await log.close();
      for (const reader of publishedReaders.values()) await reader.close();
    },
  };
}
