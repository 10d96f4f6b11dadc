import type { RateLimitDecision } from './types';

/** Rules both adapters share, so the in-process and Redis wirings answer alike. */

/**
 * Serialises values the way they are stored, so both adapters reject the same values and callers
 * never share (and mutate) what the cache holds.
 */
export function toJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`value is not JSON-serialisable: ${typeof value}`);
  return json;
}

/** Whole milliseconds, at least 1: Redis PX and PEXPIRE take positive integers only. */
export function positiveMs(name: string, ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`${name} must be a positive number of milliseconds, got ${ms}`);
  return Math.ceil(ms);
}

/** Fixed window: the hit that brings the window's count to `count` is allowed while count <= limit. */
export function decideWindow(count: number, limit: number, resetMs: number): RateLimitDecision {
  const allowed = count <= limit;
  return { allowed, remaining: allowed ? limit - count : 0, resetMs: Math.max(0, resetMs) };
}
