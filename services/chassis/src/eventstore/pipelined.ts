import type { Queryable, Tx } from '../db';
import type { InlineProjection } from './types';

/**
 * Whether statements given to this connection without waiting go out together: a pg client made
 * with `pipeline: true` (the platform's pools are) writes each query as soon as it is called and
 * PostgreSQL answers them in order, so N independent statements cost one round trip, not N. A plain
 * client queues them one round trip each (and warns), so callers only overlap work on a pipelined one.
 */
export const isPipelined = (db: Queryable): boolean => (db as { pipeline?: unknown }).pipeline === true;

type Corkable = { connection?: { stream?: { cork?(): void; uncork?(): void } } };

/**
 * Statements that `issue` sends without waiting leave in one socket write instead of one each: the
 * connection's stream is corked while it runs (pg writes each query between a cork and an uncork of
 * its own, which then only count down). On a pipelined connection that spares a write system call,
 * and a wake-up of the PostgreSQL backend, per statement; a pool or a fake sends them as before.
 */
export function sentTogether<T>(db: Queryable, issue: () => T): T {
  const stream = (db as Corkable).connection?.stream;
  stream?.cork?.();
  try {
    return issue();
  } finally {
    stream?.uncork?.();
  }
}

/**
 * Runs every piece of work at once and waits for all of them, settled, before answering: the first
 * failure in the order given, else nothing. Waiting for all keeps a slow piece from sending a
 * statement after the caller already answered a failure with ROLLBACK (it would run outside the
 * transaction); the order keeps the error reported the one that aborted the transaction, not a
 * later statement's "current transaction is aborted".
 */
export async function allInOrder(work: Array<Promise<unknown>>): Promise<void> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Inline projections that neither read what another of them writes nor depend on the order they
 * run in (say, an Idempotency-Key claim, the order's read model and its stock, each its own table),
 * as one: on a pipelined connection they are started together, so their statements share one round
 * trip; otherwise, and in memory, they run one after another. A refusal still rolls the whole
 * transaction back: it throws once all of them settled.
 */
export function independent(...projections: InlineProjection[]): InlineProjection {
  return async (events, tx: Tx) => {
    if (tx.kind === 'pg' && isPipelined(tx.client)) {
      const client = tx.client;
      return allInOrder(sentTogether(client, () => projections.map(async (projection) => projection(events, tx))));
    }
    for (const projection of projections) await projection(events, tx);
  };
}
