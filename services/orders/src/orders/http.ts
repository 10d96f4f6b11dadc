import { hash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { mayTakeOrderAction } from '@seatside/rules';
import {
  modeQuerySchema, MAX_AMOUNT_TEXT, handleCommand, metadataFrom, modeNeed, moneyInput, notFound, parseInput, parseListQuery, providerFailed, requiredText, validationFailed,
  type InlineProjection, type ServiceDeps, type TenantAccess, type TenantRole,
} from '@seatside/chassis';
import { paymentMessages } from '../payments/messages';
import { RefundNotIssued, type PaymentsPorts } from '../payments/port';
import { resumedCardOf } from '../payments/checkout';
import { closeCardPayment, refundLeftOnCard, refundToCard } from '../payments/refund';
import { hashStatusToken } from '../checkout/place';
import { requestHash } from '../checkout/idempotency';
import { isRefundRetry, orderDecider, orderMessages, orderStream, refundRecord, refundRequestsOf, type OrderCommand, type RefundRequest } from './order';
import { orders, type OrderDoc } from './projections';
import { orderOf, publicOrderOf } from './views';
import { isOrderAction, type OrderAction } from './transitions';
import { currentWaitMinutes, estimateReadyAt } from '../kitchen/eta';
import type { KitchenSnapshots } from '../kitchen/queue';

/** What each action answers, and its refusals that are not the decider's. */
export const actionMessages = {
  accept: 'Order accepted',
  ready: 'Order ready',
  complete: 'Order completed',
  cancel: 'Order cancelled',
  pay: 'Order paid',
  refund: 'Refund issued',
  amountTenderedInvalid: 'Amount tendered must be an amount of 0 or more',
  amountTenderedTooPrecise: 'Amount tendered must have at most 2 decimal places',
  amountTenderedTooLarge: `Amount tendered must be at most ${MAX_AMOUNT_TEXT}`,
  amountTenderedTooLow: 'The amount tendered is less than the amount due',
  refundTitleRequired: 'Title is required',
  refundAmountInvalid: 'Refund amount must be a number',
  refundAmountTooPrecise: 'Refund amount must have at most 2 decimal places',
  refundAmountTooLarge: `Refund amount must be at most ${MAX_AMOUNT_TEXT}`,
} as const;

type Action = OrderAction;

/** Money by the chassis' one parser: major units in the body, integer minor units once parsed. */
const payBody = z.object({
  amountTendered: moneyInput({ invalid: actionMessages.amountTenderedInvalid, tooPrecise: actionMessages.amountTenderedTooPrecise, tooLarge: actionMessages.amountTenderedTooLarge }),
});
const refundBody = z.object({
  title: requiredText(actionMessages.refundTitleRequired).pipe(z.string().max(300)),
  amount: moneyInput(
    {
      invalid: actionMessages.refundAmountInvalid, negative: orderMessages.refundNotPositive, notPositive: orderMessages.refundNotPositive,
      tooPrecise: actionMessages.refundAmountTooPrecise, tooLarge: actionMessages.refundAmountTooLarge,
    },
    { positive: true },
  ),
});
const cancelBody = z.object({ reason: z.string().trim().max(1000).default('') });
/** The bodies the actions parse (commandOf below), one schema in the OpenAPI document (src/openapi.ts). */
export const actionBody = z
  .union([payBody, refundBody, cancelBody])
  .describe('pay: `{ amountTendered }` (cash); refund: `{ title, amount }`; cancel: `{ reason }` (optional); accept, ready and complete take none');
export const waitQuery = modeQuerySchema;
const stageQuery = z.object({ stage: z.enum(['kitchen', 'runner'], { error: "stage must be 'kitchen' or 'runner'" }).optional() });

/** Cash at the counter (CASH, or a pay-later order paid in cash): what was handed over and the change. */
function payCommand(doc: OrderDoc, body: unknown, ref: { orderId: string; merchantId: string; at: string }): OrderCommand {
  const amountDue = doc.billingSummary.totals.amountDue;
  const tendered = parseInput(payBody, body).amountTendered;
  if (doc.paidMinor === 0 && tendered < amountDue) throw validationFailed(actionMessages.amountTenderedTooLow, { amountTendered: actionMessages.amountTenderedTooLow });
  return {
    type: 'PayOrder',
    data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: amountDue, amountTenderedMinor: tendered, changeDueMinor: tendered - amountDue },
  };
}

function refundCommand(doc: OrderDoc, body: unknown, ref: { orderId: string; merchantId: string; at: string }, refundId: string, request?: RefundRequest): OrderCommand {
  const { title, amount } = parseInput(refundBody, body);
  return { type: 'RefundOrder', data: { ...ref, ...refundRecord(doc.billingSummary.totals, amount, title, refundId, request) } };
}

const MAX_KEY_LENGTH = 255;

/**
 * A refund's Idempotency-Key (optional), as the refund keeps it: its SHA-256 scoped by merchant and
 * order (never the key itself) and the body's hash. One key is one refund: a retry after a lost
 * answer is answered, not refunded again.
 */
function refundRequestOf(req: Request, merchantId: string, orderId: string): RefundRequest | undefined {
  const rawKey = req.get('Idempotency-Key')?.trim();
  if (!rawKey) return undefined;
  if (rawKey.length > MAX_KEY_LENGTH) throw validationFailed(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
  return { key: hash('sha256', `${merchantId}\u0000${orderId}\u0000${rawKey}`), bodyHash: requestHash(req.body ?? {}) };
}

function commandOf(action: Action, doc: OrderDoc, req: Request, deps: ServiceDeps, request?: RefundRequest): OrderCommand {
  const ref = { orderId: doc.id, merchantId: doc.merchantId, at: deps.now().toISOString() };
  const by = req.principal?.uid ?? '';
  switch (action) {
    case 'accept':
      return { type: 'AcceptOrder', data: { ...ref, by } };
    case 'ready':
      return { type: 'MarkOrderReady', data: ref };
    case 'complete':
      return { type: 'CompleteOrder', data: ref };
    case 'cancel':
      return { type: 'CancelOrder', data: { ...ref, by, reason: parseInput(cancelBody, req.body ?? {}).reason } };
    case 'pay':
      return payCommand(doc, req.body ?? {}, ref);
    case 'refund':
      // With a key, its refund has one id: two requests racing with it record one refund (the decider).
      return refundCommand(doc, req.body ?? {}, ref, request ? `refund-${request.key.slice(0, 32)}` : deps.newId(), request);
  }
}

/** Whether a diner's status token is the order's (compared in constant time); also used by the realtime join. */
export const sameToken = (token: unknown, hash: string | undefined): boolean => {
  if (typeof token !== 'string' || token === '' || !hash) return false;
  const given = Buffer.from(hashStatusToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
};

/**
 * The merchant's orders (any member; an API key in its own mode) and the diner's status page
 * (docs/orders-api.md). Another merchant's order is not found, never forbidden.
 */
export function ordersRouter(deps: ServiceDeps, access: TenantAccess, payments: PaymentsPorts, orderProjections: InlineProjection[], kitchen: KitchenSnapshots): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<OrderDoc>(orders);
  // Runners (issue 27) see the orders too; of the actions they may only complete one (delivered):
  // each answer's nextActions are the caller's (@seatside/rules orderActionsFor), and the rest refused.
  const authorize = (req: Request, merchantId: string, testMode?: boolean, runners = true) =>
    access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: modeNeed(testMode), runners });

  /** This merchant's order, once the caller may see its mode, and the caller's role. */
  const existing = async (req: Request, merchantId: string, orderId: string, runners = true): Promise<{ doc: OrderDoc; role: TenantRole }> => {
    await authorize(req, merchantId, undefined, runners);
    const doc = await docs().get(orderId);
    if (!doc || doc.merchantId !== merchantId) throw notFound(orderMessages.notFound, 'order_not_found');
    return { doc, role: await authorize(req, merchantId, doc.testMode, runners) };
  };

  router.get('/v1/merchants/:merchantId/orders', async (req, res) => {
    const { merchantId } = req.params;
    const role = await authorize(req, merchantId);
    const { testMode: asked, limit, cursor } = parseListQuery(req.query);
    // The one mode rule (chassis requestedMode): an explicit testMode, else an API key's own mode, else production.
    const testMode = await access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'member', runners: true }, req.query.testMode === undefined ? undefined : asked);
    const stage = parseInput(stageQuery, req.query).stage;
    // A stage (the kitchen display, the runner view) is a queue: oldest first, up to 500 at once.
    const page = stage
      ? await docs().find({ filter: { merchantId, testMode, stage }, sort: 'receivedAt', order: 'asc', limit: Math.min(limit ?? 500, 500), cursor })
      : await docs().find({ filter: { merchantId, testMode }, sort: 'receivedAt', order: 'desc', limit: limit ?? 50, cursor });
    res.json({ data: page.data.map((doc) => orderOf(doc, role)), nextCursor: page.nextCursor, total: page.total });
  });

  router.get('/v1/merchants/:merchantId/orders/:orderId', async (req, res) => {
    const { doc, role } = await existing(req, req.params.merchantId, req.params.orderId);
    res.json(orderOf(doc, role));
  });

  /**
   * The command with the card refund it needs issued at the processor first: a refund of a card
   * payment, or the cancel of a card-paid order (what is left on the card goes back). Throws
   * RefundNotIssued when the processor did not issue it; nothing is recorded then.
   */
  async function withCardRefund(command: OrderCommand, doc: OrderDoc): Promise<OrderCommand> {
    if (command.type === 'RefundOrder') {
      const refundId = await refundToCard(payments, doc, command.data.refundAmountMinor, command.data.request?.key);
      return refundId ? { ...command, data: { ...command.data, refundId } } : command;
    }
    if (command.type !== 'CancelOrder') return command;
    const refund = await refundLeftOnCard(payments, doc);
    return refund ? { ...command, data: { ...command.data, refund } } : command;
  }

  router.post('/v1/merchants/:merchantId/orders/:orderId/:action', async (req, res) => {
    const { merchantId, orderId } = req.params;
    const action = req.params.action;
    if (!isOrderAction(action)) throw notFound(`No route for POST ${req.path}`);
    const { doc, role } = await existing(req, merchantId, orderId, mayTakeOrderAction('runner', action));
    const request = action === 'refund' ? refundRequestOf(req, merchantId, orderId) : undefined;
    if (isRefundRetry(refundRequestsOf(Object.values(doc.refunds)), request)) {
      // A retry of a refund already recorded: answered with the order as it is, and nothing moves again.
      res.set('Idempotent-Replayed', 'true');
      res.json({ ...orderOf(doc, role), message: actionMessages.refund });
      return;
    }
    let command: OrderCommand;
    try {
      command = await withCardRefund(commandOf(action, doc, req, deps, request), doc);
    } catch (err) {
      if (!(err instanceof RefundNotIssued)) throw err;
      req.log.warn({ err: err.cause, processor: err.processor, orderId }, 'card refund not issued');
      throw providerFailed(paymentMessages.refundNotIssued);
    }
    const { newEvents } = await handleCommand(deps.eventStore, orderStream(orderId), orderDecider, command, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: orderProjections,
    });
    // A refund whose key a racing request recorded first (with this body: the decider refuses another).
    if (request && newEvents.length === 0) res.set('Idempotent-Replayed', 'true');
    const updated = (await docs().get(orderId))!;
    // A cancelled order's unpaid card payment is closed, so the diner cannot pay it any more.
    if (command.type === 'CancelOrder') await closeCardPayment(payments, updated, req.log);
    res.json({ ...orderOf(updated, role), message: actionMessages[action] });
  });

  router.get('/v1/orders/:orderId', async (req, res) => {
    const doc = await docs().get(req.params.orderId);
    if (!doc || !sameToken(req.query.token, doc.statusTokenHash)) throw notFound(orderMessages.notFound, 'order_not_found');
    // While it waits to be made: when it should be ready, as a range (kitchen/eta.ts).
    const estimate = doc.stage === 'kitchen' ? estimateReadyAt(await kitchen(doc.merchantId, doc.testMode, doc.id), doc.id) : undefined;
    res.json({ ...publicOrderOf(doc), ...(estimate ? { estimatedReadyAt: { from: estimate.from.toISOString(), to: estimate.to.toISOString() } } : {}) });
  });

  // Public, with the status token: the card step of an order placed with a card and not paid yet, for
  // its order page opened again (another tab, the e-mail's link); `{card: null}` when there is none.
  router.get('/v1/orders/:orderId/card', async (req, res) => {
    const doc = await docs().get(req.params.orderId);
    if (!doc || !sameToken(req.query.token, doc.statusTokenHash)) throw notFound(orderMessages.notFound, 'order_not_found');
    const card = await resumedCardOf(payments, doc).catch((err: unknown) => {
      // Stripe could not be read: the page offers no card form rather than an error (the diner may reload).
      req.log.warn({ err, orderId: doc.id }, 'the card payment of an order could not be read again');
      return undefined;
    });
    res.set('Cache-Control', 'no-store').json({ card: card ?? null });
  });

  // Public: the wait a diner ordering now would get ('About 12 min'), for the storefront.
  router.get('/v1/merchants/:merchantId/wait', async (req, res) => {
    const testMode = parseInput(waitQuery, req.query).testMode === 'true';
    const snapshot = await kitchen(req.params.merchantId, testMode);
    res.set('Cache-Control', 'public, max-age=15').json({ currentWaitMinutes: currentWaitMinutes(snapshot) });
  });

  return router;
}
