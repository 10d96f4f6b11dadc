import { decideWindow, positiveMs, toJson } from './rules';
import type { Cache, KeyValueAdapters, PubSub, RateLimiter } from './types';

/** Milliseconds since the epoch; injected so a unit test can move time without waiting. */
export type Clock = () => number;

interface Expiring {
  expiresAt: number;
}

/** Keys nobody reads again would never expire lazily, so every so many writes we sweep. */
const SWEEP_EVERY_WRITES = 1000;

function sweepExpired<V extends Expiring>(entries: Map<string, V>, now: number): void {
  for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
}

export function createMemoryCache(now: Clock = Date.now): Cache {
  const entries = new Map<string, Expiring & { json: string }>();
  let writes = 0;
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return JSON.parse(entry.json) as T;
    },
    async set(key, value, ttlMs) {
      const expiresAt = now() + positiveMs('ttlMs', ttlMs);
      entries.set(key, { json: toJson(value), expiresAt });
      if (++writes % SWEEP_EVERY_WRITES === 0) sweepExpired(entries, now());
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

export function createMemoryRateLimiter(now: Clock = Date.now): RateLimiter {
  const windows = new Map<string, Expiring & { count: number }>();
  let writes = 0;
  return {
    async hit(key, limit, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.expiresAt <= at) {
        window = { count: 0, expiresAt: at + positiveMs('windowMs', windowMs) };
        windows.set(key, window);
        if (++writes % SWEEP_EVERY_WRITES === 0) sweepExpired(windows, at);
      }
      window.count += 1;
      return decideWindow(window.count, limit, window.expiresAt - at);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

type Handler = (message: unknown) => void;

/**
 * Delivers on a later turn of the event loop, as Redis would, so a publisher never runs subscriber
 * code inside its own call; each subscriber gets its own copy of the message.
 */
export function createMemoryPubSub(onHandlerError: (err: unknown, channel: string) => void = () => undefined): PubSub & { clear(): void } {
  const channels = new Map<string, Set<Handler>>();
  const deliver = (channel: string, handler: Handler, json: string) => {
    // Checked at delivery time so an unsubscribe that lands before delivery is honoured.
    if (!channels.get(channel)?.has(handler)) return;
    try {
      handler(JSON.parse(json));
    } catch (err) {
      onHandlerError(err, channel);
    }
  };
  return {
    async publish(channel, message) {
      const json = toJson(message);
      for (const handler of channels.get(channel) ?? []) setImmediate(deliver, channel, handler, json);
    },
    async subscribe(channel, handler) {
      // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
      const subscription: Handler = (message) => handler(message);
      const handlers = channels.get(channel) ?? new Set<Handler>();
      handlers.add(subscription);
      channels.set(channel, handlers);
      return async () => {
        handlers.delete(subscription);
        if (handlers.size === 0 && channels.get(channel) === handlers) channels.delete(channel);
      };
    },
    clear() {
      channels.clear();
    },
  };
}

export function createMemoryAdapters(options: { now?: Clock; onHandlerError?: (err: unknown, channel: string) => void } = {}): KeyValueAdapters {
  const pubsub = createMemoryPubSub(options.onHandlerError);
  return {
    kind: 'memory',
    cache: createMemoryCache(options.now),
    rateLimiter: createMemoryRateLimiter(options.now),
    pubsub,
    async ping() {
      return true;
    },
    async close() {
      pubsub.clear();
    },
  };
}
