import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { migrateOrderCounts, ORDER_COUNTS_SUBSCRIPTION, projectOrderCounts, readOrderCounts } from '../../test/kill/order-counts';
import { createPgEventStore } from '../eventstore/pg';
import type { EventStore } from '../eventstore/types';
import { freshSchema, testDatabaseUrl, type FreshSchema } from '../testkit/pg';
import { createPgCheckpointStore } from './checkpoints';
import { createSubscription } from './subscription';

// Starting a TypeScript child process is slow on a busy machine; this is headroom, not a measurement.
jest.setTimeout(60_000);

const CHASSIS = path.resolve(__dirname, '../..');
const ORDERS = 3;
const EVENTS_PER_ORDER = 4;

interface Appended {
  count: number;
  lastGlobalPosition: number;
}

/**
 * Starts test/kill/append-then-die.ts and resolves once it has appended and its projection is
 * parked on the first event; rejects with its stderr if it exits first.
 */
function appendThenPark(schema: string): Promise<{ child: ChildProcess; appended: Appended }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/kill/append-then-die.ts'], {
    cwd: CHASSIS,
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      SCHEMA: schema,
      ORDERS: String(ORDERS),
      EVENTS_PER_ORDER: String(EVENTS_PER_ORDER),
      BLOCK_PROJECTION: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let appended: Appended | undefined;
    let parked = false;
    child.once('exit', (code, signal) => reject(new Error(`child exited early (${code ?? signal}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('appended ')) appended = JSON.parse(line.slice('appended '.length)) as Appended;
      if (line.startsWith('projection-blocked ')) parked = true;
      if (appended && parked) resolve({ child, appended });
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a process killed between append and projection', () => {
  let fresh: FreshSchema;
  let store: EventStore;
  beforeAll(async () => {
    fresh = await freshSchema('crash');
    store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
  });
  afterAll(async () => {
    await store.close();
    await fresh.drop();
  });

  /** What a restarted service does: the same named projection, a new instance, caught up to `position`. */
  async function restartProjection(position: number): Promise<void> {
    const projection = createSubscription({
      name: ORDER_COUNTS_SUBSCRIPTION,
      store,
      checkpoints: createPgCheckpointStore({ pool: fresh.pool, schema: fresh.schema }),
      idleMs: 20,
      handle: projectOrderCounts(fresh.schema),
    });
    await projection.start();
    await projection.caughtUp(position);
    await projection.stop();
  }

  it('given events appended and a projection that has not run, when the process is SIGKILLed and the projection restarts, then the read model gets every event exactly once', async () => {
    const { child, appended } = await appendThenPark(fresh.schema);
    await kill(child);

    expect(appended.count).toBe(ORDERS * EVENTS_PER_ORDER);
    for (let order = 1; order <= ORDERS; order++) expect(await store.readStream(`order-${order}`)).toHaveLength(EVENTS_PER_ORDER);
    expect(await readOrderCounts(fresh.pool, fresh.schema)).toEqual({});
    expect(await createPgCheckpointStore({ pool: fresh.pool, schema: fresh.schema }).load(ORDER_COUNTS_SUBSCRIPTION)).toBe(0);

    await migrateOrderCounts(fresh.pool, fresh.schema);
    await restartProjection(appended.lastGlobalPosition);
    const exactly = { 'order-1': EVENTS_PER_ORDER, 'order-2': EVENTS_PER_ORDER, 'order-3': EVENTS_PER_ORDER };
    expect(await readOrderCounts(fresh.pool, fresh.schema)).toEqual(exactly);

    // A second restart resumes from the saved checkpoint: nothing is applied twice.
    await restartProjection(appended.lastGlobalPosition);
    expect(await readOrderCounts(fresh.pool, fresh.schema)).toEqual(exactly);
  });
});
