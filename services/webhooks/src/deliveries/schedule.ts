/**
 * The Standard Webhooks retry schedule: the first attempt at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (eight attempts over about 3 days and 3 hours).
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Each attempt's timeout: a receiver silent this long counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** Any 2xx is success. */
export const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/** 410 Gone: the receiver asks to stop; the webhook is disabled. */
export const isGone = (statusCode: number) => statusCode === 410;

/** When the next attempt runs after `attemptsMade` failed ones (the last at `at`), or null: no more. */
export function nextAttemptAt(attemptsMade: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/** What an attempt's outcome makes of the delivery. */
export type AttemptOutcome =
  | { status: 'succeeded' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; disable: boolean };

export function outcomeOf(statusCode: number, attemptsMade: number, at: Date): AttemptOutcome {
  if (isSuccess(statusCode)) return { status: 'succeeded' };
  if (isGone(statusCode)) return { status: 'failed', disable: true };
  const next = nextAttemptAt(attemptsMade, at);
  return next ? { status: 'pending', nextAttemptAt: next } : { status: 'failed', disable: false };
}
