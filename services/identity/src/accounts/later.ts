import type { Logger } from '@seatside/chassis';

/**
 * Work done after the answer (mails), so a reply takes as long whether or not there was work to do.
 * Failures are logged; `settled` lets the service's stop wait for what is under way.
 */
export function outOfBand(logger: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => logger.error({ err }, `${name} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type OutOfBand = ReturnType<typeof outOfBand>;
