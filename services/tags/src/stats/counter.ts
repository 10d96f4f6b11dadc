import { createHash } from 'node:crypto';
import { sweepEvery, type Logger, type Queryable, type Sweep } from '@seatside/chassis';
import { utcDay, type TagDailyStats, type TagDayIncrement } from './store';

/** A reload from the same client within this long counts once. */
export const SCAN_DEDUPE_MS = 30_000;
/** At most this many recent clients are remembered (the oldest go first). */
export const SCAN_DEDUPE_MAX = 100_000;
/** User agents of crawlers, link previews and scripts: their requests are not scans. */
export const BOT_AGENT = /bot|crawl|spider|slurp|preview|curl|wget|facebookexternalhit|headless/i;

/** Whether a request's user agent looks like a person's browser (an empty one does not). */
export const countsAsPerson = (userAgent: string | undefined) => !!userAgent && !BOT_AGENT.test(userAgent);

/**
 * Recently seen keys for `ttlMs`, at most `max` of them. Every key lives as long, so the Map's
 * insertion order is also its expiry order: expired keys are dropped from the front.
 */
export function recentSet(options: { ttlMs: number; max: number }) {
  const seen = new Map<string, number>();
  return {
    /** True the first time within the TTL (and remembers it); false for a repeat. */
    firstSeen(key: string, now: number): boolean {
      for (const [oldest, expires] of seen) {
        if (expires > now && seen.size < options.max) break;
        seen.delete(oldest);
      }
      const expires = seen.get(key);
      if (expires !== undefined && expires > now) return false;
      seen.delete(key);
      seen.set(key, now + options.ttlMs);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}

export interface ScanCounterOptions {
  db: Queryable;
  stats: TagDailyStats;
  logger: Logger;
  now: () => Date;
  /** How often the batch is written; default one second. */
  flushMs?: number;
}

/**
 * Scans counted in memory and written in batches (one upsert per flush), so `/tag/{code}` never
 * waits for a write. A failed write keeps its counts for the next flush.
 */
export function scanCounter(options: ScanCounterOptions) {
  const pending = new Map<string, TagDayIncrement>();
  const recent = recentSet({ ttlMs: SCAN_DEDUPE_MS, max: SCAN_DEDUPE_MAX });
  let timer: Sweep | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const add = (increment: TagDayIncrement) => {
    const key = `${increment.tenant}\n${increment.tagId}\n${increment.day}`;
    const current = pending.get(key);
    if (current) {
      current.scans += increment.scans;
      current.orders += increment.orders;
    } else pending.set(key, { ...increment });
  };

  const writeBatch = async () => {
    if (!pending.size) return;
    const batch = [...pending.values()];
    pending.clear();
    try {
      await options.stats.add(options.db, batch);
    } catch (error) {
      for (const increment of batch) add(increment);
      options.logger.warn({ err: error, rows: batch.length }, 'tag stats: flush failed, kept for the next one');
    }
  };

  const flush = () => (flushing = flushing.then(writeBatch));

  return {
    /** Counts a scan of a tag by a client (IP and user agent), unless it is a bot or a reload within 30 s. */
    scan(tag: { tenant: string; tagId: string }, client: { ip: string | undefined; userAgent: string | undefined }): boolean {
      if (!countsAsPerson(client.userAgent)) return false;
      const at = options.now();
      const key = createHash('sha1').update(`${client.ip ?? ''}\n${client.userAgent}\n${tag.tagId}`).digest('base64');
      if (!recent.firstSeen(key, at.getTime())) return false;
      add({ tenant: tag.tenant, tagId: tag.tagId, day: utcDay(at), scans: 1, orders: 0 });
      return true;
    },
    flush,
    start() {
      timer ??= sweepEvery(options.logger, options.flushMs ?? 1000, flush, 'tag stats: flush failed');
    },
    /** Stops the timer and writes what is left. */
    async stop() {
      const stopping = timer;
      timer = undefined;
      await stopping?.stop();
      await flush();
    },
  };
}

export type ScanCounter = ReturnType<typeof scanCounter>;
