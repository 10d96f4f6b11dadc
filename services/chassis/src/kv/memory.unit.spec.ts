import { kvContract } from './contract';
import { createMemoryAdapters, createMemoryCache, createMemoryPubSub, createMemoryRateLimiter } from './memory';

kvContract('in-process', async () => createMemoryAdapters());

/** A clock the test moves by hand, so window and TTL edges are exact without waiting. */
function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('in-process cache with an injected clock', () => {
  it('given a TTL of 1000ms, when 999ms pass then 1ms more, then the value is there and then gone', async () => {
    const clock = manualClock();
    const cache = createMemoryCache(clock.now);
    await cache.set('k', 'v', 1000);
    clock.advance(999);
    expect(await cache.get('k')).toBe('v');
    clock.advance(1);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('given a TTL that is not positive, when set, then it is refused', async () => {
    const cache = createMemoryCache();
    await expect(cache.set('k', 'v', 0)).rejects.toThrow(RangeError);
  });
});

describe('in-process rate limiter with an injected clock', () => {
  it('given a window of 1000ms, when hit at its start and 400ms later, then resetMs counts down to the same edge', async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter(clock.now);
    expect(await limiter.hit('k', 5, 1000)).toEqual({ allowed: true, remaining: 4, resetMs: 1000 });
    clock.advance(400);
    expect(await limiter.hit('k', 5, 1000)).toEqual({ allowed: true, remaining: 3, resetMs: 600 });
  });

  it('given an exhausted window, when the window edge is reached, then a new window starts', async () => {
    const clock = manualClock();
    const limiter = createMemoryRateLimiter(clock.now);
    await limiter.hit('k', 1, 1000);
    expect((await limiter.hit('k', 1, 1000)).allowed).toBe(false);
    clock.advance(1000);
    expect(await limiter.hit('k', 1, 1000)).toEqual({ allowed: true, remaining: 0, resetMs: 1000 });
  });
});

describe('in-process pub/sub', () => {
  it('given a subscriber that throws, when a message is published, then the error is reported and other subscribers still get it', async () => {
    const errors: Array<[unknown, string]> = [];
    const pubsub = createMemoryPubSub((err, channel) => errors.push([err, channel]));
    const boom = new Error('handler failed');
    await pubsub.subscribe('c', () => {
      throw boom;
    });
    const received = new Promise<unknown>((resolve) => void pubsub.subscribe('c', resolve));
    await pubsub.publish('c', { n: 1 });
    expect(await received).toEqual({ n: 1 });
    expect(errors).toEqual([[boom, 'c']]);
  });

  it('given a subscriber, when a message is published, then it is not delivered within the publish call', async () => {
    const pubsub = createMemoryPubSub();
    const seen: unknown[] = [];
    await pubsub.subscribe('c', (m) => seen.push(m));
    await pubsub.publish('c', 'later');
    expect(seen).toEqual([]);
  });
});
