/**
 * What a bench can count that does not depend on how loaded the machine is: the statements this
 * process sends to PostgreSQL and the round trips they cost, the CPU this process used, and the CPU
 * of its child processes (an embedded PostgreSQL's server processes). Bench-only: it patches
 * `pg.Client.prototype.query` in the bench's own process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

export interface QueryCount {
  /** `query` calls. */
  statements: number;
  /** Calls that had to wait for an answer before the client could send them: a pipelined call sent while others are in flight on the same connection shares their round trip. */
  roundTrips: number;
  /** Calls per statement (its first line, trimmed), to see where they go. */
  byText: Map<string, number>;
  /** Socket writes of this process (each a system call): to PostgreSQL, Redis, and the HTTP answers. */
  socketWrites: number;
}

type Countable = {
  pipeline?: boolean;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
  _sentQueryQueue?: unknown[];
};

let current: QueryCount | undefined;
let installed = false;

const firstLine = (config: unknown): string => {
  const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '?');
  return (text.trim().split('\n')[0] ?? '').replace(/\s+/g, ' ').slice(0, 110);
};

/** Counts every query of this process from now until `stop()` answers the count. */
export function countQueries(): { stop(): QueryCount } {
  if (!installed) {
    installed = true;
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: Countable, ...args: unknown[]) {
      if (current) {
        current.statements++;
        const busy = Boolean(this._activeQuery) || (this._queryQueue?.length ?? 0) > 0 || (this._sentQueryQueue?.length ?? 0) > 0;
        if (!this.pipeline || !busy) current.roundTrips++;
        const text = firstLine(args[0]);
        current.byText.set(text, (current.byText.get(text) ?? 0) + 1);
      }
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    const socket = net.Socket.prototype as unknown as Record<'_writev' | '_write', (...args: unknown[]) => unknown>;
    for (const name of ['_writev', '_write'] as const) {
      const write = socket[name];
      socket[name] = function (this: unknown, ...args: unknown[]) {
        if (current) current.socketWrites++;
        return write.apply(this, args);
      };
    }
  }
  const count: QueryCount = { statements: 0, roundTrips: 0, byText: new Map(), socketWrites: 0 };
  current = count;
  return {
    stop() {
      if (current === count) current = undefined;
      return count;
    },
  };
}

/** User + system CPU milliseconds of the processes named `name` descending from `pid` (an embedded PostgreSQL's), from /proc. */
export function descendantsCpuMs(name: string, pid = process.pid): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const stats = new Map<number, { ppid: number; ticks: number; named: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const named = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name;
    stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), named });
  }
  let ticks = 0;
  const parents = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, { ppid, ticks: own, named }] of stats) {
      if (parents.has(ppid) && !parents.has(child)) {
        parents.add(child);
        if (named) ticks += own;
        grew = true;
      }
    }
  }
  return ticks / ticksPerMs;
}
