import type { Logger } from '../logger';
import { createMemoryAdapters } from './memory';
import { connectRedisAdapters } from './redis';
import type { KeyValueAdapters } from './types';

export type { Cache, KeyValueAdapters, PubSub, RateLimitDecision, RateLimiter } from './types';
export { createMemoryAdapters, createMemoryCache, createMemoryPubSub, createMemoryRateLimiter } from './memory';
export { connectRedisAdapters } from './redis';

export interface KeyValueOptions {
  /** Redis when set (the distributed wiring); in-process adapters otherwise. */
  redisUrl?: string;
  /** Namespaces Redis keys and channels; defaults to `seatside:`. */
  prefix?: string;
  logger?: Logger;
}

export const DEFAULT_PREFIX = 'seatside:';

/** Picks the adapters for this process; fails with a clear error when a given Redis cannot be reached. */
export async function createKeyValueAdapters(options: KeyValueOptions = {}): Promise<KeyValueAdapters> {
  const { redisUrl, prefix = DEFAULT_PREFIX, logger } = options;
  if (redisUrl) return connectRedisAdapters({ url: redisUrl, prefix, ...(logger ? { logger } : {}) });
  const onHandlerError = (err: unknown, channel: string) => logger?.error({ err, channel }, 'pub/sub handler failed');
  return createMemoryAdapters({ onHandlerError });
}
