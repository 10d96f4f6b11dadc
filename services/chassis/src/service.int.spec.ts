import { Router } from 'express';
import { createMemoryAdapters } from './kv';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { startService, type ServiceModule } from './service';
import type { Subscription } from './subscriptions/subscription';
import { freshSchema, type FreshSchema } from './testkit/pg';

const counts = { name: 'counts', filterable: ['type'] };
let subscription: Subscription | undefined;

/** A producer that only appends, and a consumer that counts the producer's events by type. */
const producer: ServiceModule = { name: 'producer', create: () => ({ name: 'producer', router: Router(), collections: [] }) };
const consumer: ServiceModule = {
  name: 'consumer',
  create(deps) {
    subscription = deps.subscribe({
      name: 'count-producer-events',
      source: 'producer',
      async handle(event, tx) {
        const collection = deps.readModels.collection<{ id: string; n: number }>(counts, tx);
        const current = await collection.get(event.type);
        await collection.put({ id: event.type, n: (current?.n ?? 0) + 1 });
      },
    });
    return { name: 'consumer', router: Router(), collections: [counts] };
  },
};

describe('startService', () => {
  let db: FreshSchema;
  beforeAll(async () => {
    db = await freshSchema();
  });
  afterAll(() => db.drop());

  it('given a consumer of another service’s log, when the producer appends, then the consumer’s read model catches up and its lag is exported', async () => {
    const common = { pool: db.pool, kv: createMemoryAdapters(), logger: createLogger({ service: 't', level: 'silent' }) };
    const metrics = createMetrics({ defaultMetrics: false });
    const schemaOf = (service: string) => `${db.schema}_${service}`;
    const p = await startService(producer, { ...common, metrics, schema: schemaOf('producer'), schemaOf });
    const c = await startService(consumer, { ...common, metrics, schema: schemaOf('consumer'), schemaOf });

    await p.deps.eventStore.appendToStream('order-1', [{ type: 'OrderPlaced', data: {} }], { expectedVersion: 'no_stream' });
    const { lastGlobalPosition } = await p.deps.eventStore.appendToStream('order-2', [{ type: 'OrderPlaced', data: {} }, { type: 'OrderPaid', data: {} }], { expectedVersion: 'no_stream' });

    await subscription!.caughtUp(lastGlobalPosition);
    const collection = c.deps.readModels.collection<{ id: string; n: number }>(counts);
    expect(await collection.get('OrderPlaced')).toEqual({ id: 'OrderPlaced', n: 2 });
    expect(await collection.get('OrderPaid')).toEqual({ id: 'OrderPaid', n: 1 });

    await c.stop(); // finishes the step in hand, which reports the lag
    await p.stop();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/subscription_consumer_lag_events\{service="consumer",subscription="count-producer-events"\} 0/);
    expect(text).toMatch(/eventstore_events_appended_total\{service="producer"\} 3/);
    for (const s of ['producer', 'consumer']) await db.pool.query(`DROP SCHEMA "${schemaOf(s)}" CASCADE`);
  });
});
