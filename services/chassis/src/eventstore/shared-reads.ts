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
 */
export interface SharedReads<E extends { globalPosition: number }> {
  read(after: number, limit: number): Promise<E[]>;
}

/** Events kept per log: about two busy reads' worth. */
const KEEP = 1_000;

export function sharedReads<E extends { globalPosition: number }>(readRows: (after: number, limit: number) => Promise<E[]>, keep = KEEP): SharedReads<E> {
  /** Every event of the log in (from, to], in order. */
  let kept: E[] = [];
  let from = 0;
  let to = 0;
  const pending = new Map<number, Promise<E[]>>();

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
    async read(after, limit) {
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
export function sharedReadsOf<E extends { globalPosition: number }>(pool: object, key: string, readRows: (after: number, limit: number) => Promise<E[]>): SharedReads<E> {
  let logs = byPool.get(pool);
  if (!logs) byPool.set(pool, (logs = new Map()));
  let shared = logs.get(key);
  if (!shared) logs.set(key, (shared = sharedReads(readRows) as SharedReads<{ globalPosition: number }>));
  return shared as SharedReads<E>;
}

/**
 * The one read of a log table (`events` or `published`): its rows after `after`, in order, only of
 * transactions older than every running one, so nothing can still commit below them (what lets a
 * read be shared and kept, above). The horizon is server-wide: a long transaction anywhere delays
 * readers, never loses events.
 */
export async function readLogRows<R>(pool: Pool, table: string, columns: string, after: number, limit: number): Promise<R[]> {
  const { rows } = await pool.query(
    prepared(`SELECT ${columns} FROM ${table} WHERE global_position > $1 AND tx_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY global_position LIMIT $2`, [after, limit]),
  );
  return rows as R[];
}
