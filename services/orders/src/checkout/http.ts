import { Router } from 'express';
import { conflict, handleCommand, metadataFrom, parseInput, validationFailed, type InlineProjection, type ServiceDeps } from '@seatside/chassis';
import type { StockTable } from '../catalog/stock';
import { orderDecider, orderMessages, orderStream } from '../orders/order';
import { projectOrders } from '../orders/projections';
import { billingSummaryOf } from '../orders/views';
import { IdempotencyKeyTaken, ownerOf, requestHash, type CheckoutAnswer, type CheckoutIdempotency } from './idempotency';
import { checkoutMessages as m } from './messages';
import { placementOf, type Placement } from './place';
import { checkoutRequest } from './request';

const MAX_KEY_LENGTH = 255;

/** In the OrderPlaced transaction: the key first (a replay takes no stock), then the stock. */
const claimAndTakeStock =
  (idempotency: CheckoutIdempotency, stock: StockTable, key: string, owner: string, placement: Placement, answer: CheckoutAnswer): InlineProjection =>
  async (_events, tx) => {
    await idempotency.claim(tx, key, owner, answer);
    for (const { productId, title, quantity } of placement.managedStock) {
      if (!(await stock.take(tx, productId, quantity))) throw conflict(m.outOfStock(title));
    }
  };

/**
 * `POST /v1/merchants/{merchantId}/orders`: a diner's checkout (docs/orders-api.md). Anyone may
 * place an order; the server prices it. A retry with the same Idempotency-Key and body answers
 * 201 with the first answer again (and `Idempotent-Replayed: true`).
 */
export function checkoutRouter(deps: ServiceDeps, idempotency: CheckoutIdempotency, stock: StockTable): Router {
  const router = Router();
  const project = projectOrders(deps.readModels);

  router.post('/v1/merchants/:merchantId/orders', async (req, res) => {
    const { merchantId } = req.params;
    const rawKey = req.get('Idempotency-Key')?.trim();
    if (!rawKey) throw validationFailed(m.idempotencyKeyRequired);
    if (rawKey.length > MAX_KEY_LENGTH) throw validationFailed(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
    const key = idempotency.scopedKey(merchantId, rawKey);
    const hash = requestHash(req.body ?? {});
    const replay = async () => {
      const previous = await idempotency.previous(deps.pool, key, hash);
      if (previous) res.status(201).set('Idempotent-Replayed', 'true').json(previous);
      return previous !== undefined;
    };
    if (await replay()) return;

    const placement = await placementOf(deps, merchantId, parseInput(checkoutRequest, req.body ?? {}));
    const { order } = placement;
    const answer: CheckoutAnswer = {
      id: order.orderId,
      orderCode: order.orderCode,
      status: 'PLACED',
      billingSummary: billingSummaryOf(order.currency, order.billingSummary),
      message: orderMessages.placed,
      statusToken: placement.statusToken,
    };
    try {
      await handleCommand(deps.eventStore, orderStream(order.orderId), orderDecider, { type: 'PlaceOrder', data: order }, {
        metadata: metadataFrom(req, { tenantId: merchantId }),
        inline: [claimAndTakeStock(idempotency, stock, key, ownerOf(hash, order.orderId), placement, answer), project],
      });
    } catch (err) {
      // Another request with this key committed first: answer as it did (or 409 for another body).
      if (err instanceof IdempotencyKeyTaken && (await replay())) return;
      throw err;
    }
    res.status(201).json(answer);
  });

  return router;
}
