import { createPgEventStore } from '../eventstore/pg';
import { freshSchema } from '../testkit/pg';
import { createPgCheckpointStore } from './checkpoints';
import { pgEffects, subscriptionContract } from './contract';

subscriptionContract('PostgreSQL', async () => {
  const fresh = await freshSchema('sub');
  const store = createPgEventStore({ pool: fresh.pool, schema: fresh.schema });
  return {
    store,
    checkpoints: createPgCheckpointStore({ pool: fresh.pool, schema: fresh.schema }),
    effects: await pgEffects(fresh.pool, fresh.schema),
    async cleanup() {
      await store.close();
      await fresh.drop();
    },
  };
});
