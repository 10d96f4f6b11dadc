import { currentWaitMinutes, estimateReadyAt, throughput, type KitchenSnapshot, type QueuedOrder } from './eta';

const MINUTE = 60_000;
const start = Date.parse('2026-11-28T20:00:00Z');

/**
 * A simulated kitchen on an injected clock: one line making `rate` items a minute, first come first
 * served, each order taking at least the preparation time. Diners arrive by a fixed pseudo-random
 * sequence (1–4 items each), faster than the line at half-time.
 */
function simulate({ rate, preparationMinutes, arrivalsPerMinute, minutes }: { rate: number; preparationMinutes: number; arrivalsPerMinute: (minute: number) => number; minutes: number }) {
  let seed = 27;
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const orders: (QueuedOrder & { readyAt: number })[] = [];
  let lineFree = start;
  for (let minute = 0; minute < minutes; minute++) {
    const arrivals = arrivalsPerMinute(minute);
    for (let i = 0; i < arrivals; i++) {
      const receivedAt = start + minute * MINUTE + (i * MINUTE) / arrivals;
      const items = 1 + Math.floor(random() * 4);
      const finished = Math.max(lineFree, receivedAt) + (items / rate) * MINUTE;
      lineFree = finished;
      orders.push({ id: `o${orders.length}`, receivedAt, items, readyAt: Math.max(finished, receivedAt + preparationMinutes * MINUTE) });
    }
  }
  /** What the service would read at `now`: the queue, and the orders made ready in the last 30 minutes. */
  const snapshotAt = (now: number): KitchenSnapshot => ({
    now,
    preparationMinutes,
    queue: orders.filter((o) => o.receivedAt <= now && o.readyAt > now),
    ready: orders.filter((o) => o.readyAt <= now && o.readyAt > now - 30 * MINUTE).map((o) => ({ at: o.readyAt, items: o.items })),
  });
  return { orders, snapshotAt };
}

describe('the ETA against a simulated kitchen', () => {
  // A stand whose kitchen makes 6 items a minute: a busy first half (2 diners a minute), half-time
  // (3 a minute, more than the kitchen makes: the queue grows), then the second half (1 a minute).
  const arrivalsPerMinute = (minute: number) => (minute < 30 ? 2 : minute < 70 ? 3 : 1);
  const kitchen = simulate({ rate: 6, preparationMinutes: 8, minutes: 90, arrivalsPerMinute });

  it('given each order placed at half-time (the kitchen measured for 30 minutes), then its actual ready time falls within the range it was shown when placed (19 in 20 at least)', () => {
    const measured = kitchen.orders.filter((o) => o.receivedAt >= start + 30 * MINUTE && o.receivedAt < start + 70 * MINUTE);
    const within = measured.filter((o) => {
      const estimate = estimateReadyAt(kitchen.snapshotAt(o.receivedAt), o.id)!;
      return estimate.from.getTime() <= o.readyAt && o.readyAt <= estimate.to.getTime();
    });
    expect(measured.length).toBeGreaterThan(80);
    expect(within.length / measured.length).toBeGreaterThanOrEqual(0.95);
  });

  it('given a kitchen measured at 6 items a minute, then the wait follows the queue: the preparation time for a short one, longer as it grows', () => {
    const now = start + 60 * MINUTE;
    const ready = Array.from({ length: 90 }, (_, i) => ({ at: now - (i + 1) * 20_000, items: 2 })); // 180 items in 30 minutes
    const queueOf = (orders: number): QueuedOrder[] => Array.from({ length: orders }, (_, i) => ({ id: `q${i}`, receivedAt: now - (orders - i) * 1_000, items: 3 }));
    const waits = [1, 10, 20, 40].map((orders) => currentWaitMinutes({ now, preparationMinutes: 8, queue: queueOf(orders), ready }));
    expect(waits).toEqual([8, 8, 11, 20]);
    const last = estimateReadyAt({ now, preparationMinutes: 8, queue: queueOf(40), ready }, 'q39')!;
    expect([(last.from.getTime() - now) / MINUTE, (last.to.getTime() - now) / MINUTE]).toEqual([14, 25]);
  });

  it('given any moment and any waiting order, then the range is never already over: it starts no earlier than now and ends later', () => {
    for (let minute = 1; minute < 90; minute += 3) {
      const snapshot = kitchen.snapshotAt(start + minute * MINUTE);
      for (const order of snapshot.queue) {
        const { from, to } = estimateReadyAt(snapshot, order.id)!;
        expect(from.getTime()).toBeGreaterThanOrEqual(snapshot.now - MINUTE);
        expect(to.getTime()).toBeGreaterThan(snapshot.now);
        expect(to.getTime()).toBeGreaterThan(from.getTime());
      }
    }
  });

  it('given a kitchen that made nothing yet, then the estimate is the preparation time and the throughput unknown', () => {
    const now = start;
    const snapshot: KitchenSnapshot = { now, preparationMinutes: 10, queue: [{ id: 'a', receivedAt: now, items: 2 }], ready: [] };
    expect(throughput(snapshot)).toBeUndefined();
    expect(currentWaitMinutes(snapshot)).toBe(10);
    const { from, to } = estimateReadyAt(snapshot, 'a')!;
    expect([(from.getTime() - now) / MINUTE, (to.getTime() - now) / MINUTE]).toEqual([7, 13]);
  });
});

describe('the ETA of an order with a pickup time the diner chose', () => {
  const now = Date.parse('2026-11-28T08:21:00Z');
  const at = (iso: string) => Date.parse(iso);
  const minutesFromNow = (date: Date) => (date.getTime() - now) / MINUTE;

  it('given an order placed at 8:21 for 9:00 and an idle kitchen (preparation 8 min), when its estimate is read, then it is the chosen time itself, not 8:29–8:37', () => {
    const snapshot: KitchenSnapshot = { now, preparationMinutes: 8, queue: [{ id: 'later', receivedAt: now, items: 2, pickupAt: at('2026-11-28T09:00:00Z') }], ready: [] };
    expect(estimateReadyAt(snapshot, 'later')).toEqual({ from: new Date('2026-11-28T09:00:00Z'), to: new Date('2026-11-28T09:00:00Z') });
  });

  it('given a kitchen so far behind that it cannot make the 8:40 order by 8:40, when its estimate is read, then the range starts no earlier than 8:40 and ends after the line gets to it', () => {
    // 6 items a minute measured; 300 items ahead of it: the line gets to it about 50 minutes from now.
    const ready = Array.from({ length: 90 }, (_, i) => ({ at: now - (i + 1) * 20_000, items: 2 }));
    const ahead: QueuedOrder[] = Array.from({ length: 100 }, (_, i) => ({ id: `q${i}`, receivedAt: now - (100 - i) * 1_000, items: 3 }));
    const scheduled: QueuedOrder = { id: 'late', receivedAt: now, items: 1, pickupAt: at('2026-11-28T08:40:00Z') };
    const { from, to } = estimateReadyAt({ now, preparationMinutes: 8, queue: [...ahead, scheduled], ready }, 'late')!;
    expect(from.getTime()).toBeGreaterThanOrEqual(at('2026-11-28T08:40:00Z'));
    expect(minutesFromNow(to)).toBeGreaterThanOrEqual(50);
  });

  it('given an order for 9:00 received before an order for now, when the order for now is estimated, then the scheduled one does not hold it up', () => {
    const ready = Array.from({ length: 30 }, (_, i) => ({ at: now - (i + 1) * 60_000, items: 1 })); // 1 item a minute
    const scheduled: QueuedOrder = { id: 'later', receivedAt: now - 60_000, items: 20, pickupAt: at('2026-11-28T09:00:00Z') };
    const asap: QueuedOrder = { id: 'now', receivedAt: now, items: 1 };
    const withScheduled = estimateReadyAt({ now, preparationMinutes: 8, queue: [scheduled, asap], ready }, 'now')!;
    const alone = estimateReadyAt({ now, preparationMinutes: 8, queue: [asap], ready }, 'now')!;
    expect(withScheduled).toBeDefined();
    expect(withScheduled).toEqual(alone);
  });

  it('given a kitchen with orders for now and for 9:00, when a diner asks for the current wait, then the 9:00 order is not counted ahead of them', () => {
    // 1 item a minute measured; orders of 10 items: one for now ahead of the diner, the 9:00 one not.
    const ready = Array.from({ length: 30 }, (_, i) => ({ at: now - (i + 1) * 60_000, items: 1 }));
    const scheduled: QueuedOrder = { id: 'later', receivedAt: now - 120_000, items: 10, pickupAt: at('2026-11-28T09:00:00Z') };
    const asap: QueuedOrder = { id: 'now', receivedAt: now - 60_000, items: 10 };
    expect(currentWaitMinutes({ now, preparationMinutes: 8, queue: [scheduled, asap], ready })).toBe(currentWaitMinutes({ now, preparationMinutes: 8, queue: [asap], ready }));
  });
});

describe('the ETA of a paced order (checkoutOptions.maxOrdersPerSlot)', () => {
  const now = Date.parse('2026-11-30T15:26:00Z');

  it('given an order placed at 15:26 into the 15:45 window because the earlier ones were full (the checkout said "Ready from 15:45"), when its estimate is read, then the range starts at 15:45, not before', () => {
    const readyFrom = Date.parse('2026-11-30T15:45:00Z');
    const snapshot: KitchenSnapshot = { now, preparationMinutes: 15, queue: [{ id: 'paced', receivedAt: now, items: 1, readyFrom }], ready: [] };
    const { from, to } = estimateReadyAt(snapshot, 'paced')!;
    expect(from).toEqual(new Date(readyFrom));
    expect(to.getTime()).toBeGreaterThan(readyFrom);
  });

  it('given a paced order whose window the kitchen will pass anyway (it runs later than the window), when its estimate is read, then the range is the kitchen\'s, as for any order', () => {
    const readyFrom = Date.parse('2026-11-30T15:45:00Z');
    // 1 item a minute measured; 60 items ahead of it: the line gets to it about an hour from now.
    const ready = Array.from({ length: 30 }, (_, i) => ({ at: now - (i + 1) * 60_000, items: 1 }));
    const ahead: QueuedOrder[] = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}`, receivedAt: now - (20 - i) * 1_000, items: 3 }));
    const paced: QueuedOrder = { id: 'paced', receivedAt: now, items: 1, readyFrom };
    const withWindow = estimateReadyAt({ now, preparationMinutes: 15, queue: [...ahead, paced], ready }, 'paced')!;
    const { readyFrom: _window, ...unpaced } = paced;
    expect(withWindow).toEqual(estimateReadyAt({ now, preparationMinutes: 15, queue: [...ahead, unpaced], ready }, 'paced'));
    expect(withWindow.from.getTime()).toBeGreaterThan(readyFrom);
  });
});
