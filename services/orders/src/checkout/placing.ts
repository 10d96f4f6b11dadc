import { conflict, independent, type InlineProjection } from '@seatside/chassis';
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
 * hands it all their events at once): `claim` (the Idempotency-Keys with their answers), the
 * order's read model (`project`), `claimSlots` (pacing) and `takeStock`, one statement each
 * whatever the number of orders. Each writes its own table and reads none of the others', so
 * `transaction` sends them together (chassis `independent`: one round trip on a pipelined
 * connection), claim first and stock last. A refusal (a key held by another request, a full window,
 * a product short of stock) throws once all of them answered and rolls the transaction back, a
 * replay's stock with it; a group commit then places each order alone, where the refusal is that
 * order's own.
 *
 * The work is registered by order id for as long as its append runs (`during`).
 */
export function placingTransaction(idempotency: CheckoutIdempotency, stock: StockTable, slots: OrderSlots, project: InlineProjection) {
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
    const first = short[0];
    if (first) throw conflict(m.outOfStock(takes.get(first.productId)!.title, first.remaining), undefined, 'out_of_stock');
  };

  return {
    claim,
    claimSlots,
    takeStock,
    /** All of it, for the OrderPlaced append: each writes its own table, so they go out together (`independent`). */
    transaction: independent(claim, project, claimSlots, takeStock),
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
