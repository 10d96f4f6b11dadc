import type { Cache, PubSub } from '../kv/types';

/**
 * Per-account token generations. The identity service raises an account's generation when its
 * password or e-mail changes or its admin claim is revoked; access tokens carry the generation they
 * were issued at (`gen`), and every verifier refuses a token older than the account's current one.
 *
 * The identity service keeps the generation in its read model; other processes learn it from the
 * key-value store, where it is kept at least as long as any access token lives (after that, every
 * older token has expired anyway), and from a pub/sub message that reaches them at once. A short
 * in-process memo keeps the check off the network for most requests.
 */
export const GENERATION_CHANNEL = 'auth:generations';
export const generationKey = (uid: string) => `auth:generation:${uid}`;

/** How long a process trusts what it last learnt of an account without asking the store again. */
export const GENERATION_MEMO_MS = 5_000;
const MEMO_MAX = 10_000;

export interface AccountGenerations {
  /** The account's current generation: 0 when it never changed (or changed before any live token). */
  current(uid: string): Promise<number>;
  /** Records a new generation for at least `ttlMs` and tells every process at once. */
  publish(uid: string, generation: number, ttlMs: number): Promise<void>;
  /** Drops the pub/sub subscription. */
  close(): Promise<void>;
}

export interface AccountGenerationsOptions {
  /** The authoritative source, when this process has one (the identity service: its read model). */
  fallback?: (uid: string) => Promise<number>;
  memoMs?: number;
  now?: () => number;
}

type GenerationMessage = { uid: string; generation: number };
const isMessage = (value: unknown): value is GenerationMessage =>
  typeof value === 'object' && value !== null && typeof (value as GenerationMessage).uid === 'string' && typeof (value as GenerationMessage).generation === 'number';

/** Hears every raise of an account's generation, from any process; resolves with the unsubscribe. */
export function followGenerations(pubsub: PubSub, listener: (uid: string, generation: number) => void): Promise<() => Promise<void>> {
  return pubsub.subscribe(GENERATION_CHANNEL, (message) => {
    if (isMessage(message)) listener(message.uid, message.generation);
  });
}

/** Generations only rise: what a process learns is merged with the highest it already knew. */
export function createAccountGenerations(kv: { cache: Cache; pubsub: PubSub }, options: AccountGenerationsOptions = {}): AccountGenerations {
  const memoMs = options.memoMs ?? GENERATION_MEMO_MS;
  const now = options.now ?? Date.now;
  const memo = new Map<string, { generation: number; until: number }>();
  const raise = (uid: string, generation: number) => {
    const known = memo.get(uid);
    const highest = Math.max(generation, known && known.until > now() ? known.generation : 0);
    if (memo.size >= MEMO_MAX && !known) memo.clear();
    memo.set(uid, { generation: highest, until: now() + memoMs });
    return highest;
  };
  let subscription: Promise<() => Promise<void>> | undefined;
  const subscribe = () =>
    (subscription ??= followGenerations(kv.pubsub, raise));
  return {
    async current(uid) {
      await subscribe();
      const known = memo.get(uid);
      if (known && known.until > now()) return known.generation;
      const [stored, authoritative] = await Promise.all([kv.cache.get<number>(generationKey(uid)), options.fallback?.(uid)]);
      return raise(uid, Math.max(typeof stored === 'number' ? stored : 0, authoritative ?? 0));
    },
    async publish(uid, generation, ttlMs) {
      raise(uid, generation);
      await kv.cache.set(generationKey(uid), generation, ttlMs);
      await kv.pubsub.publish(GENERATION_CHANNEL, { uid, generation } satisfies GenerationMessage);
    },
    async close() {
      const unsubscribe = await subscription;
      subscription = undefined;
      await unsubscribe?.();
    },
  };
}
