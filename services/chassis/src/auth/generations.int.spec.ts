import { randomUUID } from 'node:crypto';
import { connectRedisAdapters } from '../kv/redis';
import { createAccountGenerations } from './generations';

const redisUrl = process.env.REDIS_URL;

if (!redisUrl) {
  const skipped = 'account generations over Redis (skipped: REDIS_URL not set)';
  describe.skip(skipped, () => {
    it('tells other processes', () => undefined);
  });
} else {
  describe('account generations over Redis (the distributed topology)', () => {
    const prefix = `seatside-test:${randomUUID()}:`;

    it('given the identity process raises a generation, then a process that had just read 0 learns it by pub/sub, and one starting later reads it from the store', async () => {
      const connect = () => connectRedisAdapters({ url: redisUrl, prefix });
      const [identity, orders, later] = await Promise.all([connect(), connect(), connect()]);
      const ordersGenerations = createAccountGenerations(orders, { memoMs: 60_000 });
      try {
        expect(await ordersGenerations.current('u1')).toBe(0);
        await createAccountGenerations(identity).publish('u1', 2, 60_000);
        while ((await ordersGenerations.current('u1')) !== 2) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await createAccountGenerations(later).current('u1')).toBe(2);
      } finally {
        await ordersGenerations.close();
        await Promise.all([identity.close(), orders.close(), later.close()]);
      }
    });
  });
}
