import { Pool } from 'pg';
import { createPgEventStore } from '../../src/eventstore/pg';
import { createPgCheckpointStore } from '../../src/subscriptions/checkpoints';
import { createSubscription } from '../../src/subscriptions/subscription';
import { migrateOrderCounts, ORDER_COUNTS_SUBSCRIPTION, projectOrderCounts } from './order-counts';

/**
 * The child of the crash proof (subscriptions/crash-recovery.int.spec.ts). It runs what a service
 * runs: an event store and an asynchronous projection. It appends ORDERS × EVENTS_PER_ORDER events,
 * prints `appended {...}`, and once the projection has received its first event it prints
 * `projection-blocked` and holds it there, with BLOCK_PROJECTION=1, until the parent kills it.
 *
 * Env: DATABASE_URL, SCHEMA, ORDERS (3), EVENTS_PER_ORDER (4), BLOCK_PROJECTION.
 */

const config = {
  databaseUrl: required('DATABASE_URL'),
  schema: required('SCHEMA'),
  orders: Number(process.env.ORDERS ?? 3),
  eventsPerOrder: Number(process.env.EVENTS_PER_ORDER ?? 4),
  blockProjection: process.env.BLOCK_PROJECTION === '1',
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const forever = () => new Promise<never>(() => undefined);

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = createPgEventStore({ pool, schema: config.schema });
  const checkpoints = createPgCheckpointStore({ pool, schema: config.schema });
  await store.migrate();
  await checkpoints.migrate();
  await migrateOrderCounts(pool, config.schema);

  const project = projectOrderCounts(config.schema);
  let blocked = false;
  const projection = createSubscription({
    name: ORDER_COUNTS_SUBSCRIPTION,
    store,
    checkpoints,
    idleMs: 20,
    handle: async (event, tx) => {
      if (config.blockProjection) {
        if (!blocked) say(`projection-blocked ${event.globalPosition}`);
        blocked = true;
        await forever(); // the kill lands here: appended, not yet projected
      }
      await project(event, tx);
    },
  });
  await projection.start();

  let lastGlobalPosition = 0;
  let count = 0;
  for (let version = 0; version < config.eventsPerOrder; version++) {
    for (let order = 1; order <= config.orders; order++) {
      const result = await store.appendToStream(`order-${order}`, [{ type: 'OrderLineAdded', data: { line: version + 1 } }], {
        expectedVersion: version,
      });
      lastGlobalPosition = result.lastGlobalPosition;
      count += 1;
    }
  }
  say(`appended ${JSON.stringify({ count, lastGlobalPosition })}`);
  setInterval(() => undefined, 60_000); // stay alive until killed
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
