/** Key/value cache with expiry. */
export interface Cache {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests left in the current window (0 when refused). */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Fixed-window counter per key. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  reset(key: string): Promise<void>;
}

export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
}

export interface KeyValueAdapters {
  cache: Cache;
  rateLimiter: RateLimiter;
  pubsub: PubSub;
  /** Names the backing store for /readyz: 'redis' or 'memory'. */
  kind: 'redis' | 'memory';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
