import type { Request, RequestHandler } from 'express';
import { problemOf, sendProblem } from '@seatside/chassis';
import { gatewayMessages } from './messages';

/**
 * How much of one kind of request the process takes at once: `concurrency` in its handlers, `queue`
 * more waiting for a slot, each for at most `maxWaitMs`. Beyond that a request is shed.
 */
export interface AdmissionLimits {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  /**
   * Adapts the concurrency limit (between `min` and `concurrency`) to keep the admitted requests'
   * time at the gate (waiting and in their handlers) under `targetMs` at the 95th percentile of each
   * window of completions:
   * a machine slower than thought (or shared) gets fewer at once, so each is still quick.
   */
  adaptive?: { targetMs: number; min: number };
}

/** Frees an admitted request's slot; calling it again does nothing. */
export type Release = () => void;

export type ShedReason = 'queue-full' | 'waited-too-long';

export interface AdmissionGate {
  /** A slot (now, or after a short wait in the queue), or why the request is shed. */
  enter(): Promise<{ release: Release } | { shed: ShedReason }>;
  readonly inFlight: number;
  readonly waiting: number;
  /** The concurrency limit now (adaptive gates move it). */
  readonly limit: number;
}

/** Completions per window of the adaptive limit. */
const WINDOW = 50;

/**
 * The next limit from one window of times at the gate (sorted), by the gradient of the target to
 * their 95th percentile: over the target it shrinks in proportion (at most by a fifth a window),
 * under it grows in proportion (at least by one, at most by a quarter) while the limit was reached.
 */
export function nextLimit(limit: number, sortedMs: readonly number[], saturated: boolean, bounds: { targetMs: number; min: number; max: number }): number {
  const p95 = sortedMs[Math.min(sortedMs.length - 1, Math.floor(sortedMs.length * 0.95))] ?? 0;
  const gradient = bounds.targetMs / Math.max(p95, 1);
  if (gradient < 1) return Math.max(bounds.min, Math.min(limit - 1, Math.floor(limit * Math.max(0.8, gradient))));
  if (saturated) return Math.min(bounds.max, Math.max(limit + 1, Math.floor(limit * Math.min(1.25, gradient))));
  return limit;
}

type Waiter = { admit(release: Release): void; timer: NodeJS.Timeout; since: number };

/**
 * A concurrency limit with a short bounded FIFO queue whose waiting time is capped (the sojourn
 * bound of CoDel, without its adaptivity): under overload, work beyond what the process completes
 * in time is refused at once instead of piling up as latency for everyone.
 */
export function createAdmissionGate(limits: AdmissionLimits, now: () => number = () => performance.now()): AdmissionGate {
  let inFlight = 0;
  let limit = limits.concurrency;
  const queue: Waiter[] = [];
  const window: number[] = [];
  let saturated = false;
  const adapt = (ms: number) => {
    if (!limits.adaptive) return;
    window.push(ms);
    if (window.length < WINDOW) return;
    window.sort((a, b) => a - b);
    limit = nextLimit(limit, window, saturated, { ...limits.adaptive, max: limits.concurrency });
    window.length = 0;
    saturated = false;
  };
  const admitNext = () => {
    while (inFlight < limit) {
      const next = queue.shift();
      if (!next) return;
      clearTimeout(next.timer);
      next.admit(take(next.since));
    }
  };
  /** A slot for a request that arrived at `since`: its time, waiting included, feeds the adaptive limit. */
  const take = (since: number): Release => {
    inFlight++;
    if (inFlight >= limit) saturated = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight--;
      adapt(now() - since);
      admitNext();
    };
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
    get limit() {
      return limit;
    },
    enter() {
      const since = now();
      if (inFlight < limit && queue.length === 0) return Promise.resolve({ release: take(since) });
      saturated = true;
      if (queue.length >= limits.queue) return Promise.resolve({ shed: 'queue-full' as const });
      return new Promise((resolve) => {
        const waiter: Waiter = {
          since,
          admit: (release) => resolve({ release }),
          timer: setTimeout(() => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            resolve({ shed: 'waited-too-long' });
          }, limits.maxWaitMs),
        };
        queue.push(waiter);
      });
    },
  };
}

/** A kind of request with its own gate, e.g. placing an order. */
export interface AdmissionClass {
  name: string;
  matches(req: Request): boolean;
  limits: AdmissionLimits;
}

/** POST /v1/merchants/{id}/orders: placing an order (pricing, stock, the event and its read model in one transaction). */
export const placeOrder = (limits: AdmissionLimits): AdmissionClass => ({
  name: 'place-order',
  matches: (req) => req.method === 'POST' && /^\/v1\/merchants\/[^/]+\/orders\/?$/.test(req.path),
  limits,
});

/**
 * Admission control at the edge: a request of a class with a gate waits for a slot there; a shed one
 * answers 503 with Retry-After and never reaches its service (nothing is half written), and its body
 * is never read. An admitted one runs to its end; its slot is freed when its answer is sent (or the
 * client goes away). Sheds show in http_request_duration_seconds as the route's 503s.
 */
export function admissionControl(classes: AdmissionClass[], options: { retryAfterSeconds?: number } = {}): RequestHandler {
  const gates = classes.map((admissionClass) => ({ ...admissionClass, gate: createAdmissionGate(admissionClass.limits) }));
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  return (req, res, next) => {
    const entry = gates.find((candidate) => candidate.matches(req));
    if (!entry) return next();
    entry.gate.enter().then((outcome) => {
      if ('shed' in outcome) {
        res.setHeader('Retry-After', retryAfter);
        return sendProblem(res, { ...problemOf(503, gatewayMessages.busy), instance: req.originalUrl });
      }
      res.once('finish', outcome.release);
      res.once('close', outcome.release);
      next();
    }, next);
  };
}
