import type { Pool } from 'pg';
import { prepared } from '../db';

/**
 * One log's reads shared by every subscription of this process that follows it. They are all woken
 * by the same append and all ask for the events after the same position, so without sharing each
 * would send the same query and parse the same rows (a busy orders log has a dozen followers).
 *
 * Why a read may be answered from what an earlier one returned: `readAll` never returns past an
 * event that could still commit, so what it returned after position `a` up to its last event `b` is
 * every event of `(a, b]`, for good. Such windows are kept while they join up, the last `keep`
 * events of them; a read after a position inside the window gets the window's events from there
 * (fewer than a fresh read might: a subscription reads again when it is short of its batch), and a
 * read after the window's end goes to the database, once for all who ask for the same position at
 * the same time. Each caller gets its own array; the events are shared and never changed.
 *
 * A read that goes to the database asks for positions only (the snapshot rule decides which), and
 * fetches the rows of those this process did not commit itself: the writer hands over what it
 * committed (`committed`), so followers neither fetch nor parse what was written a moment ago in the
 * same process. Another process's events, and this one's from before it started, are fetched.
 */
export interface SharedReads<E extends { globalPosition: number }> {
  read(after: number, limit: number): Promise<E[]>;
  /**
   * Events this process has just committed to the log, as a read of their rows would return them;
   * made only when the log is followed here.
   */
  committed(events: () => readonly E[]): void;
}

/** How a shared read reaches its log's table. */
export interface LogRows<E extends { globalPosition: number }> {
  /** The positions after `after`, in order, under the snapshot rule (`logRows`). */
  positions(after: number, limit: number): Promise<number[]>;
  /** The events at these positions (committed, so they exist), in order. */
  at(positions: number[]): Promise<E[]>;
}

/** Events kept per log: about two busy reads' worth. */
const KEEP = 1_000;
/** Events committed here and not read yet, at most (the oldest go first: a read then fetches them). */
const HANDED_OVER = 2 * KEEP;

export function sharedReads<E extends { globalPosition: number }>(log: LogRows<E>, keep = KEEP, handedOverMax = HANDED_OVER): SharedReads<E> {
  /** Every event of the log in (from, to], in order. */
  let kept: E[] = [];
  let from = 0;
  let to = 0;
  const pending = new Map<number, Promise<E[]>>();
  /** Committed by this process and not read yet, by position, oldest first. */
  const handedOver = new Map<number, E>();
  /** Nothing is handed over before the first read: a log nobody in the process follows keeps none. */
  let followed = false;

  /** The events at the positions a read found: handed over (taken from there), else fetched. */
  async function readRows(after: number, limit: number): Promise<E[]> {
    const positions = await log.positions(after, limit);
    const found = positions.map((position) => {
      const event = handedOver.get(position);
      if (event) handedOver.delete(position);
      return event;
    });
    const missing = positions.filter((_, i) => !found[i]);
    if (missing.length === 0) return found as E[];
    const fetched = await log.at(missing);
    if (fetched.length !== missing.length) throw new Error(`read ${fetched.length} of the ${missing.length} events at positions ${missing.join(', ')}`);
    let next = 0;
    return found.map((event) => event ?? fetched[next++]!);
  }

  /** Index of the first kept event after `after`. */
  function firstAfter(after: number): number {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (kept[mid]!.globalPosition <= after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function remember(after: number, events: E[]): void {
    if (events.length === 0) return;
    const last = events[events.length - 1]!.globalPosition;
    if (kept.length > 0 && after >= from && after <= to) {
      if (last <= to) return;
      for (const event of events) if (event.globalPosition > to) kept.push(event);
      to = last;
    } else if (last > to) {
      // A window apart from the kept one replaces it only when newer: followers that keep up ask there.
      kept = events.slice();
      from = after;
      to = last;
    } else return;
    if (kept.length > keep) {
      const drop = kept.length - keep;
      from = kept[drop - 1]!.globalPosition;
      kept = kept.slice(drop);
    }
  }

  return {
    committed(events) {
      if (!followed) return;
      for (const event of events()) if (event.globalPosition > to) handedOver.set(event.globalPosition, event);
      for (const position of handedOver.keys()) {
        if (handedOver.size <= handedOverMax) break;
        handedOver.delete(position);
      }
    },

    async read(after, limit) {
      followed = true;
      if (limit <= 0) return [];
      if (kept.length > 0 && after >= from && after < to) {
        const start = firstAfter(after);
        return kept.slice(start, start + limit);
      }
      let reading = pending.get(after);
      if (!reading) {
        reading = readRows(after, limit);
        pending.set(after, reading);
        const settled = () => pending.delete(after);
        reading.then((events) => {
          settled();
          remember(after, events);
        }, settled);
      }
      return (await reading).slice(0, limit);
    },
  };
}

const byPool = new WeakMap<object, Map<string, SharedReads<{ globalPosition: number }>>>();

/** The shared reads of the log `key` (say `orders.published`) of the database `pool` reaches: one per pool and log in this process. */
export function sharedReadsOf<E extends { globalPosition: number }>(pool: object, key: string, log: LogRows<E>): SharedReads<E> {
  let logs = byPool.get(pool);
  if (!logs) byPool.set(pool, (logs = new Map()));
  let shared = logs.get(key);
  if (!shared) logs.set(key, (shared = sharedReads(log) as unknown as SharedReads<{ globalPosition: number }>));
  return shared as unknown as SharedReads<E>;
}

/** Hands what this process committed to the log's shared reads, when anything in the process reads that log through `pool`. */
export function handOver<E extends { globalPosition: number }>(pool: object, key: string, events: () => readonly E[]): void {
  byPool.get(pool)?.get(key)?.committed(events);
}

/**
 * How the shared reads reach a log table (`events` or `published`). `positions`: those after
 * `after`, in order, only of transactions older than every running one, so nothing can still commit
 * below them (what lets a read be shared and kept, above); the horizon is server-wide, so a long
 * transaction anywhere delays readers, never loses events. `at`: the rows at positions it found,
 * as events (`toEvent`).
 */
export function logRows<R, E extends { globalPosition: number }>(pool: Pool, table: string, columns: string, toEvent: (row: R) => E): LogRows<E> {
  return {
    async positions(after, limit) {
      const { rows } = await pool.query<string[]>({
        ...prepared(`SELECT global_position FROM ${table} WHERE global_position > $1 AND tx_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY global_position LIMIT $2`, [after, limit]),
        rowMode: 'array',
      });
      // bigint arrives as a string; positions stay far below 2^53, so a number is exact.
      return rows.map((row) => Number(row[0]));
    },
    async at(positions) {
      const { rows } = await pool.query(prepared(`SELECT ${columns} FROM ${table} WHERE global_position = ANY($1::bigint[]) ORDER BY global_position`, [positions]));
      return (rows as R[]).map(toEvent);
    },
  };
}
