/**
 * One log's tail read once for every subscription of the process that reads it at the same moment.
 *
 * An append wakes every subscription of its log at once (orders' has six in the orders service,
 * and the catalog's stock reads it too; its published stream has three more), and each used to send
 * the same query and parse the same rows (the events' JSON, the messages' bytes). Reads asked for
 * while none runs start one; those asked for while one runs wait for it to end and share the next,
 * so every caller gets rows of a query that began after it asked: what a read of its own would have
 * returned a moment later, never older. The shared query starts at the lowest `after` asked and
 * reads enough rows for each caller's `limit` past its own `after` (positions are distinct integers,
 * so at most `highest after − lowest after` rows lie between them); a caller further behind than
 * `MAX_SPREAD` reads alone, so one lagging subscription does not make the others read its backlog.
 *
 * A read starts on the turn of the event loop after it is asked for, so callers woken by the same
 * append or the same tick (subscriptions gather on a common clock, subscription.ts) join it.
 * Rows (with their parsed JSON) are shared by the callers: they are never written to.
 */

/** How far behind the furthest caller another may be and still share its read. */
const MAX_SPREAD = 1_000;

type Read<Row> = (after: number, limit: number) => Promise<Row[]>;

interface Waiting<Row> {
  after: number;
  limit: number;
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

/** The rows of `rows` (ascending positions) after `after`, at most `limit`. */
function sliceAfter<Row>(rows: readonly Row[], positionOf: (row: Row) => number, after: number, limit: number): Row[] {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positionOf(rows[middle]!) <= after) low = middle + 1;
    else high = middle;
  }
  return rows.slice(low, low + limit);
}

/** `read` (rows after a position, in position order, at most `limit`) with concurrent calls coalesced. */
export function coalescedReads<Row>(read: Read<Row>, positionOf: (row: Row) => number): Read<Row> {
  let running = false;
  let scheduled = false;
  let waiting: Waiting<Row>[] = [];

  const readAlone = (caller: Waiting<Row>) => read(caller.after, caller.limit).then(caller.resolve, caller.reject);

  /** Starts the next shared read after this turn of the event loop: callers woken together join it. */
  function next(): void {
    if (running || scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(start);
  }

  function start(): void {
    scheduled = false;
    const callers = waiting;
    waiting = [];
    const furthest = Math.max(...callers.map((caller) => caller.after));
    const sharing = callers.filter((caller) => furthest - caller.after <= MAX_SPREAD);
    for (const caller of callers) if (furthest - caller.after > MAX_SPREAD) void readAlone(caller);
    const after = Math.min(...sharing.map((caller) => caller.after));
    const limit = Math.max(...sharing.map((caller) => caller.limit)) + (furthest - after);
    running = true;
    read(after, limit)
      .then(
        (rows) => {
          for (const caller of sharing) caller.resolve(sliceAfter(rows, positionOf, caller.after, caller.limit));
        },
        (error: unknown) => {
          for (const caller of sharing) caller.reject(error);
        },
      )
      .finally(() => {
        running = false;
        next();
      });
  }

  return (after, limit) =>
    new Promise<Row[]>((resolve, reject) => {
      waiting.push({ after, limit, resolve, reject });
      next();
    });
}

const shared = new WeakMap<object, Map<string, Read<unknown>>>();

/**
 * The coalesced reader of one log (`key`: its table) over one pool: every store of the process
 * reading that table through that pool (a service's own, another service's subscription to it)
 * shares it. `read` must be the same query for one key.
 */
export function sharedTail<Row>(pool: object, key: string, read: Read<Row>, positionOf: (row: Row) => number): Read<Row> {
  let byKey = shared.get(pool);
  if (!byKey) shared.set(pool, (byKey = new Map()));
  let reader = byKey.get(key) as Read<Row> | undefined;
  if (!reader) byKey.set(key, (reader = coalescedReads(read, positionOf) as Read<unknown> as Read<Row>));
  return reader as Read<Row>;
}
