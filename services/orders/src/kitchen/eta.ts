/**
 * The diner's honest ETA (issue 27), a pure function of the kitchen as it stands: the orders still
 * to be made (oldest first, with their item counts) and the items the kitchen made ready over the
 * last 30 minutes (its measured throughput), bounded below by the merchant's preparationTime. It
 * is a range, and never one that is already over: a kitchen running late moves it forward.
 */

/** How far back the throughput is measured. */
export const THROUGHPUT_WINDOW_MINUTES = 30;
/** A kitchen measured over less than this is taken as measured over this much (a first bump is not a rate). */
const MIN_MEASURED_MINUTES = 5;
/** The recent part of the window, for a kitchen that became busy within it. */
const RECENT_MINUTES = 5;
/** Half the range: at least this many minutes, else this share of the time left. */
const MIN_SPREAD_MINUTES = 2;
const SPREAD_SHARE = 0.25;

const MINUTE = 60_000;

export interface QueuedOrder {
  id: string;
  receivedAt: number;
  items: number;
  /** A paced order is not made before its window (checkout/pacing.ts). */
  readyFrom?: number;
  /**
   * The pickup time the diner chose (`fulfillment.pickupTime`): the order is made for then, not now.
   * The line takes it up a preparation time before it, and its estimate never starts earlier.
   */
  pickupAt?: number;
}

export interface KitchenSnapshot {
  now: number;
  preparationMinutes: number;
  /** Orders still to be made, oldest first. */
  queue: readonly QueuedOrder[];
  /** Orders made ready within the last THROUGHPUT_WINDOW_MINUTES: when, and how many items. */
  ready: readonly { at: number; items: number }[];
}

export interface Estimate {
  from: Date;
  to: Date;
}

/** Items per minute made over the last `minutes` (a kitchen measured over less is taken over at least MIN_MEASURED_MINUTES). */
function rateOver(snapshot: Pick<KitchenSnapshot, 'now' | 'ready'>, minutes: number): number | undefined {
  const since = snapshot.now - minutes * MINUTE;
  const recent = snapshot.ready.filter((r) => r.at > since && r.at <= snapshot.now);
  if (recent.length === 0) return undefined;
  const first = Math.min(...recent.map((r) => r.at));
  const measured = Math.min(minutes, Math.max(MIN_MEASURED_MINUTES, (snapshot.now - first) / MINUTE));
  return recent.reduce((sum, r) => sum + r.items, 0) / measured;
}

/**
 * Items per minute the kitchen makes, measured over the last 30 minutes; undefined before it made
 * anything. A quiet spell in that half hour measures the diners, not the kitchen: when the last
 * RECENT_MINUTES went faster (the kitchen is busy now), that rate is the kitchen's.
 */
export function throughput(snapshot: Pick<KitchenSnapshot, 'now' | 'ready'>): number | undefined {
  const window = rateOver(snapshot, THROUGHPUT_WINDOW_MINUTES);
  const recent = rateOver(snapshot, RECENT_MINUTES);
  return window === undefined ? undefined : Math.max(window, recent ?? 0);
}

/** The range around a point in time: never starting before now, never ending within a minute. */
function rangeAround(point: number, now: number): Estimate {
  const left = Math.max(0, point - now);
  const spread = Math.max(MIN_SPREAD_MINUTES * MINUTE, left * SPREAD_SHARE);
  const from = Math.max(now, point - spread);
  const to = Math.max(from + 2 * MIN_SPREAD_MINUTES * MINUTE, point + spread);
  return { from: new Date(Math.floor(from / MINUTE) * MINUTE), to: new Date(Math.ceil(to / MINUTE) * MINUTE) };
}

/**
 * When the line takes an order up at the earliest: when it came in, or, for a chosen pickup time,
 * a preparation time before it (a 4:00 AM order placed at 3:20 is not cooked at 3:20).
 */
const takenUpAt = (snapshot: Pick<KitchenSnapshot, 'preparationMinutes'>, order: QueuedOrder) =>
  order.pickupAt === undefined ? order.receivedAt : Math.max(order.receivedAt, order.pickupAt - snapshot.preparationMinutes * MINUTE);

/**
 * When the kitchen's line gets to the end of each queued order, first come first served at the
 * measured rate (in the order the line takes them up: a scheduled order waits for its time and
 * holds up no one before it): the line takes up an order at the latest when it came in, so an order
 * waiting since long ago has had its work done already. Without a measured rate the line costs nothing.
 */
function lineFinishes(snapshot: KitchenSnapshot, extra?: QueuedOrder): Map<string, number> {
  const rate = throughput(snapshot);
  const finishes = new Map<string, number>();
  const orders = (extra ? [...snapshot.queue, extra] : [...snapshot.queue])
    .map((order, index) => ({ order, index, start: takenUpAt(snapshot, order) }))
    .sort((a, b) => a.start - b.start || a.index - b.index);
  let line = Number.NEGATIVE_INFINITY;
  for (const { order, start } of orders) {
    line = Math.max(line, start) + (rate === undefined ? 0 : (order.items / rate) * MINUTE);
    finishes.set(order.id, line);
  }
  return finishes;
}

const pointOf = (snapshot: KitchenSnapshot, order: QueuedOrder, lineFinish: number) =>
  Math.max(order.receivedAt + snapshot.preparationMinutes * MINUTE, order.readyFrom ?? 0, order.pickupAt ?? 0, lineFinish, snapshot.now);

/**
 * The estimate of a point for an order the diner chose a pickup time for: never before that time.
 * A kitchen that will have it by then says exactly that time (from = to = the pickup time); one
 * running late says a range after it.
 */
function scheduledRange(point: number, pickupAt: number, now: number): Estimate {
  if (point <= pickupAt) return { from: new Date(pickupAt), to: new Date(pickupAt) };
  const range = rangeAround(point, now);
  return { from: new Date(Math.max(range.from.getTime(), pickupAt)), to: range.to };
}

/**
 * A paced order's range starts no earlier than its window: the checkout told the diner 'Ready from
 * 10:45 AM', so the order page never says 'Ready between 10:40 AM and …' for it.
 */
function pacedRange(range: Estimate, readyFrom: number | undefined): Estimate {
  if (readyFrom === undefined || range.from.getTime() >= readyFrom) return range;
  return { from: new Date(readyFrom), to: range.to };
}

/** The estimate of one queued order, or undefined when it is not in the queue (ready, done). */
export function estimateReadyAt(snapshot: KitchenSnapshot, orderId: string): Estimate | undefined {
  const order = snapshot.queue.find((queued) => queued.id === orderId);
  if (!order) return undefined;
  const point = pointOf(snapshot, order, lineFinishes(snapshot).get(orderId)!);
  return order.pickupAt === undefined ? pacedRange(rangeAround(point, snapshot.now), order.readyFrom) : scheduledRange(point, order.pickupAt, snapshot.now);
}

/** The wait a diner ordering now would get, in whole minutes ('About 12 min'): the queue plus an average order. */
export function currentWaitMinutes(snapshot: KitchenSnapshot): number {
  const queued = snapshot.queue.reduce((sum, order) => sum + order.items, 0);
  const next: QueuedOrder = { id: '\u0000next', receivedAt: snapshot.now, items: snapshot.queue.length > 0 ? queued / snapshot.queue.length : 1 };
  const point = pointOf(snapshot, next, lineFinishes(snapshot, next).get(next.id)!);
  return Math.ceil((point - snapshot.now) / MINUTE);
}
