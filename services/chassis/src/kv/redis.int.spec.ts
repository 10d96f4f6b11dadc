import { randomUUID } from 'node:crypto';
import { kvContract } from './contract';
import { createKeyValueAdapters } from './index';
import { connectRedisAdapters, redactUrl } from './redis';

const redisUrl = process.env.REDIS_URL;

if (!redisUrl) {
  const skipped = 'redis adapters (skipped: REDIS_URL not set)';
  console.warn(skipped);
  describe.skip(skipped, () => {
    it('runs the key/value contract against Redis', () => undefined);
  });
} else {
  // A random prefix per run keeps concurrent runs and other data on the same server apart.
  const prefix = `seatside-test:${randomUUID()}:`;
  kvContract('redis', () => createKeyValueAdapters({ redisUrl, prefix }));

  describe('redis adapters', () => {
    it('given two prefixes, when the same key is set under one, then the other does not see it', async () => {
      const [a, b] = await Promise.all([
        connectRedisAdapters({ url: redisUrl, prefix: `${prefix}a:` }),
        connectRedisAdapters({ url: redisUrl, prefix: `${prefix}b:` }),
      ]);
      try {
        await a.cache.set('shared', 'from a', 60_000);
        expect(await b.cache.get('shared')).toBeUndefined();
        await a.cache.delete('shared');
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('given closed adapters, when pinged, then they answer false', async () => {
      const kv = await connectRedisAdapters({ url: redisUrl, prefix });
      await kv.close();
      expect(await kv.ping()).toBe(false);
    });
  });
}

describe('redis connection failures', () => {
  it('given a Redis URL nobody listens on, when adapters are created, then it fails naming the redacted URL', async () => {
    // Port 1 is reserved and closed on any test machine, so the refusal is immediate.
    const url = 'redis://user:secret@127.0.0.1:1';
    await expect(createKeyValueAdapters({ redisUrl: url })).rejects.toThrow(
      `Redis is unreachable at ${redactUrl(url)}`,
    );
    expect(redactUrl(url)).not.toContain('secret');
  });
});
