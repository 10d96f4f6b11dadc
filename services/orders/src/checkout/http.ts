import { Router, type Request } from 'express';
import { createGroupCommit, handleCommand, isDomainError, metadataFrom, parseInput, providerFailed, publicRouteMode, validationFailed, type InlineProjection, type ServiceDeps } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import type { StockTable } from '../catalog/stock';
import { orderDecider, orderMessages, orderStream, type PlacedOrder } from '../orders/order';
import { projectOrders } from '../orders/projections';
import { billingSummaryOf, quotedLineOf } from '../orders/views';
import { cardCheckoutIdentity, settleCardPayment, startCardPayment, voidCardPayment, type StartedCardPayment } from '../payments/checkout';
import { paymentMessages } from '../payments/messages';
import { isCardProcessor, PaymentNotStarted, type PaymentsPorts } from '../payments/port';
import { IdempotencyKeyTaken, ownerOf, requestHash, type CheckoutAnswer, type CheckoutIdempotency } from './idempotency';
import { checkoutMessages as m } from './messages';
import { placementOf, quoteOf } from './place';
import { placingTransaction } from './placing';
import { checkoutRequest, quoteRequest, type CheckoutRequest } from './request';
import { readyFromText, SLOT_MINUTES, SlotFull, slotFullProblem, type OrderSlots } from './pacing';

const MAX_KEY_LENGTH = 255;

/**
 * `POST /v1/merchants/{merchantId}/orders`: a diner's checkout (docs/orders-api.md), and its price
 * quote `POST …/orders/quote`. Anyone may place an order; the server prices it. A retry with the
 * same Idempotency-Key and body answers 201 with the first answer again (and
 * `Idempotent-Replayed: true`). A card order's payment is created before the order is written
 * (payments/checkout.ts): a processor failure writes nothing.
 */
/** What the placement path answers: the first answer again for a retry (`replayed`), else the order it placed. */
export interface Placed {
  answer: CheckoutAnswer;
  replayed: boolean;
  order?: PlacedOrder;
}

export type PlaceOrder = (req: Request, merchantId: string, rawKey: string, body: unknown, adjust?: (request: CheckoutRequest) => CheckoutRequest, extra?: Pick<PlacedOrder, 'tabId' | 'tabName' | 'groupId'>) => Promise<Placed>;

export function createCheckout(
  deps: ServiceDeps,
  catalog: CatalogReader,
  idempotency: CheckoutIdempotency,
  stock: StockTable,
  payments: PaymentsPorts,
  slots: OrderSlots,
  /** An order's projections after placing (a card payment the server completes pays the order at once). */
  orderProjections: InlineProjection[] = [projectOrders(deps.readModels)],
): { router: Router; place: PlaceOrder } {
  const router = Router();
  const pricingDeps = { ...deps, catalog, slots };
  // Orders placed at once share a transaction: one commit and one lock per product's stock (docs/orders-api.md, Performance).
  const groupCommit = createGroupCommit(deps.eventStore);
  const placing = placingTransaction(idempotency, stock, slots, projectOrders(deps.readModels));

  // A price quote: the billing summary this cart would get now, by the same pricing; nothing is written.
  router.post('/v1/merchants/:merchantId/orders/quote', async (req, res) => {
    const request = parseInput(quoteRequest, req.body ?? {});
    // An API key prices in its own mode (a sandbox key, the sandbox catalog), as the checkout places.
    const testMode = publicRouteMode(req.principal, request.testMode);
    const { currency, billingSummary, lines, readyFrom } = await quoteOf(pricingDeps, req.params.merchantId, { ...request, testMode });
    // Pacing: the earliest window is full, so the order would be ready from a later one.
    const pacing = readyFrom ? { readyFrom: new Date(readyFrom.at).toISOString(), message: readyFromText(readyFrom.at, readyFrom.timeZone) } : undefined;
    res.json({ billingSummary: billingSummaryOf(currency, billingSummary), lineItems: lines.map(quotedLineOf), ...(pacing ? { pacing } : {}) });
  });

  /**
   * The one placement path: the public checkout below, a group order's host (groups/) and a tab's
   * rounds (tabs/) all place through it. `adjust` lets the caller fill what the server owns (the
   * group's lines, the tab's fulfillment) after the body is parsed; `extra` is recorded on the order.
   */
  const place = async (req: Request, merchantId: string, rawKey: string, body: unknown, adjust: (request: CheckoutRequest) => CheckoutRequest = (r) => r, extra: Pick<PlacedOrder, 'tabId' | 'tabName' | 'groupId'> = {}): Promise<Placed> => {
    const key = idempotency.scopedKey(merchantId, rawKey);
    const hash = requestHash(body ?? {});
    const previousAnswer = () => idempotency.previous(deps.pool, key, hash);
    // No lookup of the key first: a retry is found when it fails (the key is claimed in the
    // placing transaction), so a first request, nearly all of them, costs no extra query.
    let placement;
    let sourceId: string | undefined;
    try {
      const request = adjust(parseInput(checkoutRequest, body ?? {}));
      sourceId = request.sourceId;
      placement = await placementOf(pricingDeps, merchantId, request);
    } catch (err) {
      // A retry whose cart no longer prices (sold out since, say) still gets its first answer.
      const previous = await previousAnswer();
      if (previous) return { answer: previous, replayed: true };
      throw err;
    }
    const card = isCardProcessor(placement.order.paymentProcessor);
    // A card payment is not started twice for one key: look first.
    if (card) {
      const previous = await previousAnswer();
      if (previous) return { answer: previous, replayed: true };
    }
    // Only a card order's id comes from its key and body (a cash order has no payment to repeat).
    const identity = card ? cardCheckoutIdentity(key.id, hash) : undefined;
    const order: PlacedOrder = { ...placement.order, ...(identity ? { orderId: identity.orderId } : {}), ...extra };
    let payment: StartedCardPayment | undefined;
    try {
      if (identity) payment = await startCardPayment(payments, order, identity.idempotencyKey, sourceId);
    } catch (err) {
      if (!(err instanceof PaymentNotStarted)) throw err;
      // A concurrent twin may have placed it meanwhile; else nothing was written and a retry may work.
      const previous = await previousAnswer();
      if (previous) return { answer: previous, replayed: true };
      req.log.warn({ err: err.cause, processor: err.processor }, 'card payment not started');
      // The processor's own words when it has some for the diner (Square: a declined card's detail).
      throw providerFailed(err.told ?? paymentMessages.notStarted);
    }
    const answer: CheckoutAnswer = {
      id: order.orderId,
      orderCode: order.orderCode,
      status: 'PLACED',
      billingSummary: billingSummaryOf(order.currency, order.billingSummary),
      message: orderMessages.placed,
      statusToken: placement.statusToken,
      ...(payment ? { payment: { ...(payment.clientSecret ? { clientSecret: payment.clientSecret } : {}), paymentIntentId: payment.intent.paymentId } } : {}),
    };
    try {
      const work = { key, owner: ownerOf(hash, order.orderId), answer, managedStock: placement.managedStock, ...(placement.slot ? { slot: placement.slot } : {}) };
      await placing.during(order.orderId, work, () =>
        handleCommand(deps.eventStore, orderStream(order.orderId), orderDecider, { type: 'PlaceOrder', data: order, ...(payment ? { paymentIntent: payment.intent } : {}) }, {
          metadata: metadataFrom(req, { tenantId: merchantId }),
          // Each its own table: on a pipelined connection their statements share one round trip.
          inline: [placing.transaction],
          newStream: true,
          groupCommit,
        }),
      );
    } catch (err) {
      // Another request with this key committed first: answer as it did (or 409 for another body).
      // A card order's id is the same for both, so the loser may fail on the order's stream instead.
      if (err instanceof IdempotencyKeyTaken || card || err instanceof SlotFull) {
        const previous = await previousAnswer();
        if (previous) return { answer: previous, replayed: true };
      }
      // No order was written: a card the server authorized (Square) is not charged for none.
      if (payment) await voidCardPayment(payments, order, payment, req.log);
      // Pacing: the window filled up meanwhile; offer the next one with room instead.
      if (err instanceof SlotFull) throw slotFullProblem(await slots.firstWithRoom(deps.pool, err.claim, err.claim.start + SLOT_MINUTES * 60_000), placement.timeZone);
      throw err;
    }
    if (payment) await settle(req, order, payment);
    return { answer, replayed: false, order };
  };

  /**
   * The order is written: a payment the server took the card for (Square) is completed and the order
   * paid with it. When the processor refuses, the order stays unpaid (the expiry cancels it and the
   * authorization with it); a conflict (its webhook paid it first) changes nothing.
   */
  async function settle(req: Request, order: PlacedOrder, payment: StartedCardPayment): Promise<void> {
    let paid;
    try {
      paid = await settleCardPayment(payments, order, payment.intent);
    } catch (err) {
      if (!(err instanceof PaymentNotStarted)) throw err;
      req.log.warn({ err: err.cause, processor: err.processor, orderId: order.orderId }, 'card payment not completed; the order stays unpaid');
      return;
    }
    if (!paid) return;
    try {
      await handleCommand(deps.eventStore, orderStream(order.orderId), orderDecider, { type: 'PayOrder', data: { orderId: order.orderId, merchantId: order.merchantId, at: deps.now().toISOString(), ...paid } }, {
        metadata: metadataFrom(req, { tenantId: order.merchantId }),
        inline: orderProjections,
      });
    } catch (err) {
      if (!(isDomainError(err) && err.kind === 'Conflict')) throw err;
    }
  }

  router.post('/v1/merchants/:merchantId/orders', async (req, res) => {
    const rawKey = req.get('Idempotency-Key')?.trim();
    if (!rawKey) throw validationFailed(m.idempotencyKeyRequired);
    if (rawKey.length > MAX_KEY_LENGTH) throw validationFailed(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
    // A tab's rounds go through the tab (POST /v1/tabs/{tabId}/rounds), never alone. An API key
    // places in its own mode: a sandbox key's order without testMode is a sandbox order, never a live one.
    const checkout = (request: CheckoutRequest): CheckoutRequest => {
      if (request.fulfillment.type === 'TAB') throw validationFailed(m.tabThroughTab, { 'fulfillment.type': m.tabThroughTab });
      return { ...request, testMode: publicRouteMode(req.principal, request.testMode) };
    };
    // The two modes have separate keys (as an API key's sandbox and production are separate worlds): a
    // key reused in production after a sandbox run places the live order, never answers the sandbox one.
    // An API key's requests are in its own mode's keys whatever the body says (the other mode is refused).
    const asked = (req.body as { testMode?: unknown } | undefined)?.testMode;
    const sandbox = req.principal?.tenant ? req.principal.tenant.testMode : asked === true;
    const { answer, replayed } = await place(req, req.params.merchantId, sandbox ? `sandbox:${rawKey}` : rawKey, req.body, checkout);
    if (replayed) res.set('Idempotent-Replayed', 'true');
    // Sent as it is: res.json would also hash the body for an ETag, which no one revalidates a 201 with.
    res.status(201).type('application/json').end(JSON.stringify(answer));
  });

  return { router, place };
}
