import { randomUUID } from 'node:crypto';
import type { KeyValueAdapters } from './types';

/**
 * The behaviour every key/value wiring must share. A spec file calls this once per adapter, so the
 * in-process and Redis adapters pass the same cases.
 */

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const uniqueKey = (name: string) => `${name}:${randomUUID()}`;

/** Collects what a subscriber receives; `received(n)` waits until n messages arrived. */
function collector() {
  const messages: unknown[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const handler = (message: unknown) => {
    messages.push(message);
    for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const received = (count: number) =>
    messages.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }));
  return { messages, handler, received };
}

export function kvContract(name: string, make: () => Promise<KeyValueAdapters>): void {
  describe(`${name} key/value adapters`, () => {
    let kv: KeyValueAdapters;
    beforeAll(async () => {
      kv = await make();
    });
    afterAll(async () => {
      await kv?.close();
    });

    it('given a connected store, when pinged, then it answers true', async () => {
      expect(await kv.ping()).toBe(true);
    });

    describe('cache', () => {
      it('given nothing stored, when a key is read, then it is undefined', async () => {
        expect(await kv.cache.get(uniqueKey('missing'))).toBeUndefined();
      });

      it('given a JSON value stored, when read back, then it round-trips intact', async () => {
        const key = uniqueKey('json');
        const value = { name: 'Table 12', seats: [1, 2], open: true, note: null, price: { amount: 1250, currency: 'usd' } };
        await kv.cache.set(key, value, 60_000);
        expect(await kv.cache.get(key)).toEqual(value);
        await kv.cache.delete(key);
      });

      it('given a stored object, when the caller mutates the original or a read copy, then the cache is unchanged', async () => {
        const key = uniqueKey('copy');
        const value = { items: ['fries'] };
        await kv.cache.set(key, value, 60_000);
        value.items.push('mutated original');
        const read = await kv.cache.get<{ items: string[] }>(key);
        read?.items.push('mutated copy');
        expect(await kv.cache.get(key)).toEqual({ items: ['fries'] });
        await kv.cache.delete(key);
      });

      it('given a stored key, when it is set again, then the new value wins', async () => {
        const key = uniqueKey('overwrite');
        await kv.cache.set(key, 'first', 60_000);
        await kv.cache.set(key, 'second', 60_000);
        expect(await kv.cache.get(key)).toBe('second');
        await kv.cache.delete(key);
      });

      it('given a stored key, when it is deleted, then it reads as undefined', async () => {
        const key = uniqueKey('delete');
        await kv.cache.set(key, 42, 60_000);
        await kv.cache.delete(key);
        expect(await kv.cache.get(key)).toBeUndefined();
      });

      it('given a short TTL, when it has passed, then the key reads as undefined', async () => {
        const key = uniqueKey('expiry');
        await kv.cache.set(key, 'soon gone', 50);
        await sleep(150);
        expect(await kv.cache.get(key)).toBeUndefined();
      });

      it('given a value JSON cannot carry, when it is set, then the write is refused', async () => {
        await expect(kv.cache.set(uniqueKey('undefined'), undefined, 60_000)).rejects.toThrow(TypeError);
      });
    });

    describe('rate limiter', () => {
      it('given a limit of 3, when hit 4 times, then 3 are allowed counting down and the 4th is refused within the window', async () => {
        const key = uniqueKey('limit');
        const decisions = [];
        for (let i = 0; i < 4; i++) decisions.push(await kv.rateLimiter.hit(key, 3, 10_000));
        expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
        for (const d of decisions) {
          expect(d.resetMs).toBeGreaterThan(0);
          expect(d.resetMs).toBeLessThanOrEqual(10_000);
        }
        await kv.rateLimiter.reset(key);
      });

      it('given one key exhausted, when another key is hit, then it has its own window', async () => {
        const [a, b] = [uniqueKey('a'), uniqueKey('b')];
        await kv.rateLimiter.hit(a, 1, 10_000);
        expect((await kv.rateLimiter.hit(a, 1, 10_000)).allowed).toBe(false);
        expect(await kv.rateLimiter.hit(b, 1, 10_000)).toMatchObject({ allowed: true, remaining: 0 });
        await Promise.all([kv.rateLimiter.reset(a), kv.rateLimiter.reset(b)]);
      });

      it('given a key exhausted, when its window has passed, then hits are allowed again', async () => {
        const key = uniqueKey('window');
        // A window of a second: with 100 ms, a loaded machine took longer than the window between the
        // two hits, so the second opened a window of its own and was allowed (a full unit run, 2026-11-30).
        await kv.rateLimiter.hit(key, 1, 1_000);
        const refused = await kv.rateLimiter.hit(key, 1, 1_000);
        expect(refused.allowed).toBe(false);
        await sleep(refused.resetMs + 50);
        expect(await kv.rateLimiter.hit(key, 1, 1_000)).toMatchObject({ allowed: true, remaining: 0 });
        await kv.rateLimiter.reset(key);
      });

      it('given a key exhausted, when it is reset, then hits are allowed again', async () => {
        const key = uniqueKey('reset');
        await kv.rateLimiter.hit(key, 1, 10_000);
        expect((await kv.rateLimiter.hit(key, 1, 10_000)).allowed).toBe(false);
        await kv.rateLimiter.reset(key);
        expect(await kv.rateLimiter.hit(key, 1, 10_000)).toMatchObject({ allowed: true, remaining: 0 });
        await kv.rateLimiter.reset(key);
      });
    });

    describe('pub/sub', () => {
      it('given two subscribers of a channel and one of another, when a message is published, then both get it and the other does not', async () => {
        const [orders, other] = [uniqueKey('orders'), uniqueKey('other')];
        const [first, second, bystander] = [collector(), collector(), collector()];
        const unsubscribes = [
          await kv.pubsub.subscribe(orders, first.handler),
          await kv.pubsub.subscribe(orders, second.handler),
          await kv.pubsub.subscribe(other, bystander.handler),
        ];
        await kv.pubsub.publish(orders, { orderId: 'o1', total: 1250 });
        // Delivery is in publish order, so once the bystander sees its own marker it has seen all it ever will.
        await kv.pubsub.publish(other, 'marker');
        await Promise.all([first.received(1), second.received(1), bystander.received(1)]);
        expect(first.messages).toEqual([{ orderId: 'o1', total: 1250 }]);
        expect(second.messages).toEqual([{ orderId: 'o1', total: 1250 }]);
        expect(bystander.messages).toEqual(['marker']);
        await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
      });

      it('given one of two subscribers unsubscribed, when a message is published, then only the other gets it', async () => {
        const channel = uniqueKey('unsubscribe');
        const [leaver, stayer] = [collector(), collector()];
        const leave = await kv.pubsub.subscribe(channel, leaver.handler);
        const stay = await kv.pubsub.subscribe(channel, stayer.handler);
        await leave();
        await kv.pubsub.publish(channel, 'after leaving');
        await stayer.received(1);
        expect(leaver.messages).toEqual([]);
        expect(stayer.messages).toEqual(['after leaving']);
        await stay();
      });

      it('given every subscriber gone, when a message is published, then nobody gets it and publishing still succeeds', async () => {
        const channel = uniqueKey('empty');
        const [gone, later] = [collector(), collector()];
        const unsubscribe = await kv.pubsub.subscribe(channel, gone.handler);
        await unsubscribe();
        await unsubscribe();
        await kv.pubsub.publish(channel, 'unheard');
        const unsubscribeLater = await kv.pubsub.subscribe(channel, later.handler);
        await kv.pubsub.publish(channel, 'heard');
        await later.received(1);
        expect(gone.messages).toEqual([]);
        expect(later.messages).toEqual(['heard']);
        await unsubscribeLater();
      });
    });
  });
}
