import type { Logger } from './logger';

/** A background round that runs every `everyMs` until stopped (an expiry, a recovery, a flush). */
export interface Sweep {
  /** Stops the timer and waits for the round in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `everyMs` (and once at once when `atStart`), one way for every service: a failed
 * round is logged with `failure` and the next one tries again, a tick that comes while a round is
 * still running is skipped (rounds never overlap), the timer never keeps the process alive, and
 * `stop` waits for the round in flight so that shutdown leaves nothing half-done.
 */
export function sweepEvery(logger: Logger, everyMs: number, round: (first: boolean) => Promise<unknown>, failure: string, atStart = false): Sweep {
  let running: Promise<unknown> | undefined;
  const run = (first: boolean) => {
    running ??= round(first)
      .catch((err: unknown) => logger.warn({ err }, failure))
      .finally(() => (running = undefined));
  };
  if (atStart) run(true);
  const timer = setInterval(() => run(false), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
