import type { Order } from '../orders/api';
import { newerOrder } from '../orders/newer';

export type Stage = 'kitchen' | 'runner';

const byReceivedAt = (a: Order, b: Order) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0);
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The orders at one stage, outside React: the board subscribes to the ids in order (it re-renders
 * when an order arrives or leaves), each ticket to its own order (it re-renders alone when only its
 * order changes, as a bump that keeps it on the board does).
 */
export class StageStore {
  private orders: ReadonlyMap<string, Order> = new Map();
  private idList: readonly string[] = [];
  private list: readonly Order[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly orderListeners = new Map<string, Set<() => void>>();

  constructor(private readonly stage: Stage) {}

  ids = (): readonly string[] => this.idList;
  all = (): readonly Order[] => this.list;
  get = (id: string): Order | undefined => this.orders.get(id);
  has = (id: string): boolean => this.orders.has(id);

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  subscribeTo = (id: string, listener: () => void) => {
    let set = this.orderListeners.get(id);
    if (!set) this.orderListeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.orderListeners.delete(id);
    };
  };

  /** Every order of the stage at once (a load or a reload). */
  reset(orders: Order[]): void {
    const before = this.orders;
    this.commit(new Map(orders.filter((order) => order.stage === this.stage).map((order) => [order.id, order])));
    for (const id of new Set([...before.keys(), ...this.orders.keys()])) if (before.get(id) !== this.orders.get(id)) this.notifyOrder(id);
  }

  /** One order's latest state; answers whether it is new to the stage. An older state than the one held is ignored. */
  apply(order: Order): boolean {
    const known = this.orders.get(order.id);
    if (known && newerOrder(known, order) !== order) return false;
    const next = new Map(this.orders);
    if (order.stage === this.stage) next.set(order.id, order);
    else if (known) next.delete(order.id);
    else return false;
    this.commit(next);
    this.notifyOrder(order.id);
    return !known && order.stage === this.stage;
  }

  private commit(next: ReadonlyMap<string, Order>): void {
    this.orders = next;
    const list = [...next.values()].sort(byReceivedAt);
    const ids = list.map((order) => order.id);
    this.list = list;
    if (!sameIds(ids, this.idList)) this.idList = ids;
    // The full list changes with every order (the runner view reads it); the ids only when one comes or goes.
    for (const listener of [...this.listeners]) listener();
  }

  private notifyOrder(id: string): void {
    for (const listener of [...(this.orderListeners.get(id) ?? [])]) listener();
  }
}
