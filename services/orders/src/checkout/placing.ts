import { conflict, type InlineProjection } from '@seatside/chassis';
import type { StockTable } from '../catalog/stock';
import type { PlacedOrder } from '../orders/order';
import type { CheckoutAnswer, CheckoutIdempotency, CheckoutKey } from './idempotency';
import { checkoutMessages as m } from './messages';
import type { Placement } from './place';
import type { OrderSlots, SlotClaim } from './pacing';

/** What an order's transaction does besides appending OrderPlaced. */
export interface PlacingWork {
  key: CheckoutKey;
  owner: string;
  answer: CheckoutAnswer;
  managedStock: Placement['managedStock'];
  /** Pacing: the window place it takes (checkout/pacing.ts). */
  slot?: SlotClaim;
}

/** All lines of one product together, across the orders committed at once. */
function stockTakes(orders: PlacingWork[]) {
  const takes = new Map<string, { productId: string; title: string; quantity: number }>();
  for (const { productId, title, quantity } of orders.flatMap((order) => order.managedStock)) {
    const entry = takes.get(productId);
    takes.set(productId, { productId, title, quantity: (entry?.quantity ?? 0) + quantity });
  }
  return takes;
}

/**
 * Checkout's part of the OrderPlaced transaction, for every order committed in it (a group commit
 * hands it all their events at once), as two inline projections: `claim` first (the
 * Idempotency-Keys with their answers), `takeStock` last, one statement each whatever the number of
 * orders. The keys come first, so a replay takes no stock; the stock comes last, right before
 * COMMIT, because its row lock is held until then and the next group's transaction waits on it for
 * a popular product. A refusal throws and rolls the transaction back; a group commit then places
 * each order alone, where the refusal is that order's own.
 *
 * The work is registered by order id for as long as its append runs (`during`).
 */
export function placingTransaction(idempotency: CheckoutIdempotency, stock: StockTable, slots: OrderSlots) {
  const pending = new Map<string, PlacingWork & { settled: Promise<unknown> }>();

  const workOf = (events: Parameters<InlineProjection>[0]) =>
    events
      .filter((event) => event.type === 'OrderPlaced')
      .map(({ data }) => {
        const work = pending.get((data as PlacedOrder).orderId);
        if (!work) throw new Error(`no checkout work for order ${(data as PlacedOrder).orderId}`);
        return work;
      });

  const claim: InlineProjection = async (events, tx) => {
    await idempotency.claimAll(tx, workOf(events));
  };

  // Pacing: each window's places in one conditional upsert; a full window refuses (SlotFull).
  const claimSlots: InlineProjection = async (events, tx) => {
    await slots.claimAll(tx, workOf(events).flatMap((work) => (work.slot ? [work.slot] : [])));
  };

  const takeStock: InlineProjection = async (events, tx) => {
    const takes = stockTakes(workOf(events));
    const short = await stock.takeAll(tx, [...takes.values()]);
    if (short.length > 0) throw conflict(m.outOfStock(takes.get(short[0]!)!.title), undefined, 'out_of_stock');
  };

  return {
    claim,
    claimSlots,
    takeStock,
    async during<T>(orderId: string, work: PlacingWork, append: () => Promise<T>): Promise<T> {
      // A card order's id comes from its key and body: a twin waits, then meets the first one's stream.
      for (let twin = pending.get(orderId); twin; twin = pending.get(orderId)) await twin.settled.catch(() => undefined);
      let settle!: () => void;
      pending.set(orderId, { ...work, settled: new Promise<void>((resolve) => (settle = resolve)) });
      try {
        return await append();
      } finally {
        pending.delete(orderId);
        settle();
      }
    },
  };
}
