import type { AppendResult, EventStore, StreamAppend } from './types';

export interface GroupCommit {
  /** Resolves once the append is committed (with others, or alone); rejects with its own error. */
  append(append: StreamAppend): Promise<AppendResult>;
}

interface Waiting {
  append: StreamAppend;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit: appends that arrive while a transaction is committing wait and go together in the
 * next one (`appendToStreams`), so many share one commit (one WAL flush) and, when they update the
 * same row (a product's stock), one row lock instead of queueing on it one commit at a time. At
 * most `transactions` (default 2: one builds while one commits) run at once; nothing is answered
 * before its transaction committed.
 *
 * While a transaction runs, another starts only once `minGroupWhileBusy` (default 3) appends
 * wait; fewer wait until enough have come or none runs, then go together. Starting whatever waited
 * made many small transactions under load (16 connections: 4.4 orders each, half of them alone),
 * each with its BEGIN, statements and COMMIT. Nothing waits longer than the transactions already
 * running, and with none running an append starts at once. 6 made fewer still, but raised the 99th
 * percentile under overload past its goal (docs/orders-api.md).
 *
 * When a grouped transaction fails (one append's Conflict, or its projection refused), nothing of
 * it was written and each of its appends runs again alone, so each gets its own answer.
 */
export function createGroupCommit(eventStore: EventStore, options: { maxAppends?: number; transactions?: number; minGroupWhileBusy?: number } = {}): GroupCommit {
  const maxAppends = options.maxAppends ?? 64;
  const transactions = options.transactions ?? 2;
  const minGroupWhileBusy = options.minGroupWhileBusy ?? 3;
  const queue: Waiting[] = [];
  const streamsInFlight = new Set<string>();
  let running = 0;

  const alone = ({ append, resolve, reject }: Waiting) =>
    eventStore.appendToStream(append.streamId, append.events, append).then(resolve, reject);

  async function commitGroup(group: Waiting[]): Promise<void> {
    if (group.length === 1) return alone(group[0]!);
    let results: AppendResult[];
    try {
      results = await eventStore.appendToStreams(group.map((waiting) => waiting.append));
    } catch {
      await Promise.all(group.map(alone));
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(results[i]!));
  }

  /** Starts transactions while fewer than `transactions` run and appends wait (enough of them, while one runs). */
  function start(): void {
    while (running < transactions) {
      if (running > 0 && queue.length < minGroupWhileBusy) return;
      const group = takeGroup();
      if (group.length === 0) return;
      running++;
      const streams = group.map((waiting) => waiting.append.streamId);
      for (const stream of streams) streamsInFlight.add(stream);
      void commitGroup(group).finally(() => {
        running--;
        for (const stream of streams) streamsInFlight.delete(stream);
        start();
      });
    }
  }

  /** The next appends, at most one per stream: a second append to a stream waits until the first settled. */
  function takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < queue.length && group.length < maxAppends; ) {
      const waiting = queue[i]!;
      const { streamId } = waiting.append;
      if (streams.has(streamId) || streamsInFlight.has(streamId)) {
        i++;
        continue;
      }
      streams.add(streamId);
      group.push(waiting);
      queue.splice(i, 1);
    }
    return group;
  }

  return {
    append(append) {
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ append, resolve, reject });
        start();
      });
    },
  };
}
