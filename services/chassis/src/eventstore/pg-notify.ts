import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';

/** The NOTIFY channel of a schema's published stream (its log's is the schema's name). */
export const publishedChannel = (schema: string): string => `${schema}.published`;

/** At most one NOTIFY per interval: each is a round trip and a transaction of its own. */
const INTERVAL_MS = 5;

/**
 * Sends NOTIFY after appends commit, one at a time and at most one per INTERVAL_MS: a burst of
 * appends becomes a few notifications. Listeners in this process are woken directly by the store;
 * other processes wait at most a few milliseconds more.
 *
 * Why not inside the append's transaction: PostgreSQL serializes the commits of notifying
 * transactions on a database-wide lock held through the WAL flush, so eight concurrent appenders
 * would commit one after another (measured: about a third of plain INSERT throughput). A NOTIFY in
 * its own transaction writes no WAL and holds that lock for microseconds. If the process dies
 * between commit and NOTIFY, listeners still find the events on their next poll.
 */
export function createCommitNotifier(pool: Pool, channel: string) {
  let sending: Promise<void> | undefined;
  /** The channels asked for since the last NOTIFY: the log's, and its published stream's when it grew. */
  let pending = new Set<string>();

  // `sending` is cleared in the same synchronous step that sees nothing pending, so a poke either
  // lands before that check (and is sent by this loop) or after it (and starts a new loop).
  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const channels = [...pending];
      pending = new Set();
      // A lost wake-up is tolerable (subscribers poll); an unhandled rejection is not.
      await pool.query('SELECT pg_notify(c, NULL) FROM unnest($1::text[]) AS c', [channels]).catch(() => undefined);
      await sleep(INTERVAL_MS);
    }
    sending = undefined;
  }

  return {
    /**
     * Asks for a NOTIFY; appends committed before this call are covered by the next one sent. With
     * `published`, the append wrote rows of the published stream: its readers are notified too (on
     * their own channel, so the log's appends that publish nothing do not wake them).
     */
    poke(published = false): void {
      pending.add(channel);
      if (published) pending.add(publishedChannel(channel));
      sending ??= drain();
    },
    /** Waits for a NOTIFY in flight, so a store can close before its pool ends. */
    async flush(): Promise<void> {
      while (sending) await sending;
    },
  };
}
