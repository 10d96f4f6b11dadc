import type { Order } from '../orders/api';

const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export interface RunnerGroup {
  /** 'Section 104', or the first metadata pair; '' for orders without a seat. */
  label: string;
  orders: Order[];
}

/**
 * Ready orders as a runner walks them (issue 27): grouped by their Section (any case), else by
 * their tag's first metadata pair; groups and the orders in each in natural order (Seat 2 before
 * Seat 10), orders without a seat last.
 */
export function runnerGroups(orders: readonly Order[]): RunnerGroup[] {
  const groups = new Map<string, { label: string; orders: { order: Order; seat: string }[] }>();
  for (const order of orders) {
    const metadata = order.location?.metadata ?? [];
    const pair = metadata.find((m) => m.key.trim().toLowerCase() === 'section') ?? metadata[0];
    const label = pair ? `${pair.key.trim()} ${pair.value.trim()}`.trim() : '';
    // The seat within the group: the other pairs, in order ('Seat 2C').
    const seat = metadata.filter((m) => m !== pair).map((m) => `${m.key} ${m.value}`).join(' ');
    const key = label.toLowerCase();
    const group = groups.get(key) ?? { label, orders: [] };
    group.orders.push({ order, seat });
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ label, orders: list }) => ({
      label,
      orders: list.sort((a, b) => natural.compare(a.seat, b.seat) || natural.compare(a.order.orderCode, b.order.orderCode)).map((entry) => entry.order),
    }))
    .sort((a, b) => (a.label === '' ? 1 : b.label === '' ? -1 : natural.compare(a.label, b.label)));
}

/**
 * What the runner collects at the seat: the amount due of a cash or pay-later order not yet paid (a
 * card order is paid by its card; a tab's round, pay-later too, is paid when the tab closes). Null when
 * there is nothing to collect.
 */
export function amountToCollect(order: Pick<Order, 'paymentProcessor' | 'payment' | 'billingSummary' | 'tab'>): number | null {
  const inPerson = order.paymentProcessor === 'CASH' || (order.paymentProcessor === 'TBD' && !order.tab);
  if (!inPerson || order.payment) return null;
  const due = order.billingSummary.totals.amountDue;
  return due > 0 ? due : null;
}
