import { createHash } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import type { Logger } from '../logger';
import { decideWindow, positiveMs, toJson } from './rules';
import type { Cache, KeyValueAdapters, PubSub, RateLimiter } from './types';

export type RedisClient = RedisClientType;

export interface RedisAdaptersOptions {
  url: string;
  /** Namespaces every key and channel, e.g. `seatside:`; tests use a random one. */
  prefix: string;
  logger?: Logger;
  /** Connection attempts at startup before giving up; later drops retry forever with backoff. */
  startupAttempts?: number;
}

/** Used when no logger is wired: a failing subscriber must not stop delivery to the others. */
const ignoreHandlerError = (): void => undefined;

export function createRedisCache(client: RedisClient, prefix: string): Cache {
  return {
    async get<T>(key: string) {
      const json = await client.get(prefix + key);
      return json === null ? undefined : (JSON.parse(String(json)) as T);
    },
    async set(key, value, ttlMs) {
      await client.set(prefix + key, toJson(value), { expiration: { type: 'PX', value: positiveMs('ttlMs', ttlMs) } });
    },
    async delete(key) {
      await client.del(prefix + key);
    },
  };
}

/**
 * One round trip, atomic: count the hit, start the window's expiry on its first hit, and answer the
 * time left. The PTTL guard repairs a counter left without expiry, which would otherwise refuse forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

/** EVALSHA saves resending the script on every request; the server forgets scripts on restart or flush. */
async function runHitScript(client: RedisClient, key: string, windowMs: number): Promise<[number, number]> {
  const options = { keys: [key], arguments: [String(windowMs)] };
  let reply: unknown;
  try {
    reply = await client.evalSha(HIT_SHA, options);
  } catch (err) {
    if (!messageOf(err).startsWith('NOSCRIPT')) throw err;
    reply = await client.eval(HIT_SCRIPT, options);
  }
  if (!Array.isArray(reply) || reply.length !== 2) throw new Error(`unexpected rate limit reply: ${JSON.stringify(reply)}`);
  return [Number(reply[0]), Number(reply[1])];
}

export function createRedisRateLimiter(client: RedisClient, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = await runHitScript(client, `${prefix}ratelimit:${key}`, positiveMs('windowMs', windowMs));
      return decideWindow(count, limit, ttl);
    },
    async reset(key) {
      await client.del(`${prefix}ratelimit:${key}`);
    },
  };
}

/**
 * Publishes on the command connection and listens on `subscriber`, because a connection in
 * subscribe mode cannot run other commands. node-redis keeps the listeners per channel and
 * unsubscribes from the server when the last one goes.
 */
export function createRedisPubSub(
  publisher: RedisClient,
  subscriber: RedisClient,
  prefix: string,
  onHandlerError: (err: unknown, channel: string) => void = ignoreHandlerError,
): PubSub {
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, toJson(message));
    },
    async subscribe(channel, handler) {
      const listener = (json: string) => {
        try {
          handler(JSON.parse(json));
        } catch (err) {
          onHandlerError(err, channel);
        }
      };
      await subscriber.subscribe(prefix + channel, listener);
      let subscribed = true;
      return async () => {
        if (!subscribed) return;
        subscribed = false;
        if (subscriber.isOpen) await subscriber.unsubscribe(prefix + channel, listener);
      };
    },
  };
}

/** Reads a message without `instanceof`, which fails across realms (see reconnectStrategy). */
function messageOf(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(err);
}

/** Keeps a password out of logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable url)';
  }
}

/**
 * At startup an unreachable Redis should fail the process with a clear message, not hang in
 * retries; once it has been up, a dropped connection retries with capped backoff.
 */
function reconnectStrategy(isStarted: () => boolean, startupAttempts: number) {
  return (retries: number, cause: Error): number | Error => {
    if (isStarted()) return Math.min(100 * 2 ** retries, 5000);
    // A fresh Error: node-redis tests `instanceof Error`, and socket errors come from Node's own
    // realm, which under jest's sandbox fails that test and would mean retrying forever.
    return retries + 1 >= startupAttempts ? new Error(messageOf(cause)) : 200;
  };
}

async function connectOrClose(client: RedisClient, url: string): Promise<void> {
  try {
    await client.connect();
  } catch (err) {
    if (client.isOpen) client.destroy();
    throw new Error(`Redis is unreachable at ${redactUrl(url)}: ${messageOf(err)}`, { cause: err });
  }
}

export async function connectRedisAdapters(options: RedisAdaptersOptions): Promise<KeyValueAdapters> {
  const { url, prefix, logger } = options;
  let started = false;
  const client = createClient({
    url,
    // Fail fast while disconnected rather than queue requests behind an outage.
    disableOfflineQueue: true,
    socket: { connectTimeout: 5000, reconnectStrategy: reconnectStrategy(() => started, options.startupAttempts ?? 3) },
  });
  const subscriber = client.duplicate();
  // Without a listener node-redis's 'error' events would crash the process.
  for (const [role, c] of [['commands', client], ['subscriber', subscriber]] as const) {
    c.on('error', (err: unknown) => {
      if (started) logger?.warn({ err, role, url: redactUrl(url) }, 'redis connection error');
    });
  }
  await connectOrClose(client, url);
  try {
    await connectOrClose(subscriber, url);
  } catch (err) {
    client.destroy();
    throw err;
  }
  started = true;
  logger?.info({ url: redactUrl(url), prefix }, 'redis adapters connected');

  const onHandlerError = (err: unknown, channel: string) => logger?.error({ err, channel }, 'pub/sub handler failed');
  let closed = false;
  return {
    kind: 'redis',
    cache: createRedisCache(client, prefix),
    rateLimiter: createRedisRateLimiter(client, prefix),
    pubsub: createRedisPubSub(client, subscriber, prefix, onHandlerError),
    async ping() {
      try {
        return subscriber.isReady && (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([client.close(), subscriber.close()]);
    },
  };
}
