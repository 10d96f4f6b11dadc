import type { Me } from './me';

// One GET /v1/auth/me per token for every component on the page that asks (guards, menus, lists).
let cached: { token: string; answer: Promise<Me> } | null = null;

/** The answer kept for `token`, if any. */
export function cachedMe(token: string): Promise<Me> | undefined {
  return cached?.token === token ? cached.answer : undefined;
}

/** Keeps the answer for `token`; a failed one is dropped, so the next component to ask tries again. */
export function rememberMe(token: string, answer: Me | Promise<Me>): Promise<Me> {
  const promise = Promise.resolve(answer);
  cached = { token, answer: promise };
  promise.catch(() => {
    if (cached?.answer === promise) cached = null;
  });
  return promise;
}

export function forgetMe(): void {
  cached = null;
}

// The useMe hooks on the page, told when a fresher answer is kept (refreshMeWhen).
const listeners = new Set<() => void>();

/** Calls `listener` whenever a fresher /auth/me answer is kept; answers the unsubscribe. */
export function onMeChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function meChanged(): void {
  for (const listener of listeners) listener();
}
