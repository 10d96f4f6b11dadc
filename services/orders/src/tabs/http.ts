import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { conflict, forbidden, handleCommand, isDomainError, metadataFrom, modeOf, modeQuerySchema, moneyInput, notFound, parseInput, providerFailed, validationFailed, sweepEvery, type InlineProjection, type ServiceDeps, type Sweep, type TenantAccess } from '@seatside/chassis';
import type { CatalogReader } from '../catalog/reader';
import type { PlaceOrder } from '../checkout/http';
import { checkoutBody, checkoutRequest } from '../checkout/request';
import { orderDecider, orderStream } from '../orders/order';
import { orders, type OrderDoc } from '../orders/projections';
import { lifecycleAllows, nextActions } from '../orders/transitions';
import { startTabCardPayment } from '../payments/checkout';
import { paymentMessages } from '../payments/messages';
import { PaymentNotStarted, type PaymentEvent, type PaymentsPorts } from '../payments/port';
import { cardPaymentOutcome, liveTab, pendingRounds, projectTabs, tabDecider, tabMessages as m, tabNameOf, tabOfToken, tabs, tabStream, tabToken, tabViewOf, tabTotalMinor, type LiveTab, type TabCommand, type TabRound, type TabRoundRequest, type TabDoc, type TabState } from './tab';

const customer = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(200),
  lastName: z.string().trim().max(200).default(''),
  email: z.email({ error: 'Please enter a valid email' }).max(320),
  phone: z.string().trim().max(50).default(''),
});
/** The merchant's tab list: `status` open (default) or closed, in a mode. */
const tabsQuery = modeQuerySchema.extend({ status: z.enum(['open', 'closed'], { error: "status must be 'open' or 'closed'" }).optional() });
const openBody = z.object({ customer, tagId: z.string().trim().min(1).max(200).optional(), testMode: z.boolean().optional() });
const token = z.string({ error: m.tokenInvalid }).trim().min(1, m.tokenInvalid).max(500);
const closeBody = z.object({
  token: token.optional(),
  paymentProcessor: z.enum(['CASH', 'STRIPE', 'SQUARE'], { error: 'Choose cash or card' }),
  amountTendered: moneyInput({ invalid: 'Amount tendered must be an amount of 0 or more', tooPrecise: 'Amount tendered must have at most 2 decimal places', tooLarge: 'Amount tendered must be at most 999,999.99' }).optional(),
});

/**
 * A round: the tab's token and the diner's lines (the checkout's, with its messages). The token is
 * checked first (403 for a wrong one); the whole order the round places is then parsed again by the
 * checkout's schema.
 */
const roundBody = z.object({ token, lineItems: checkoutBody.shape.lineItems, ageConfirmed: z.boolean().optional(), readyFrom: checkoutBody.shape.readyFrom });

export const tabSchemas = { openBody, closeBody, roundBody, tabsQuery };

/**
 * A table sending rounds from several phones while the tab closes: every round is two appends to the
 * tab's one stream (accepted, then recorded), so a command that loses the race is read and decided
 * again (handleCommand) more often than one that races now and then.
 */
const TAB_RETRIES = 40;

/**
 * Tabs: `POST /v1/merchants/{id}/tabs` (open), `POST /v1/tabs/{tabId}/rounds` (a round: an order
 * placed through the checkout's placement path), `POST /v1/tabs/{tabId}/close` (the diner pays
 * once by card, or asks to pay staff in cash), and the merchant's `GET /v1/merchants/{id}/tabs` and
 * `POST …/tabs/{tabId}/close` (cash taken: the tab is paid).
 */
/** The tab's stream and its commands, shared by the tabs' routes and the card webhook (tabPayments). */
function tabCommands(deps: ServiceDeps, orderProjections: InlineProjection[]) {
  const project = projectTabs(deps.readModels);
  const now = () => deps.now().toISOString();
  const read = async (tabId: string): Promise<TabState> =>
    (await deps.eventStore.readStream(tabStream(tabId))).reduce((s, e) => tabDecider.evolve(s, { type: e.type, data: e.data } as never), tabDecider.initialState());
  const run = (req: Request, tab: { tabId: string; merchantId: string }, command: TabCommand, causationId?: string) =>
    handleCommand(deps.eventStore, tabStream(tab.tabId), tabDecider, command, { metadata: metadataFrom(req, { tenantId: tab.merchantId, ...(causationId ? { causationId } : {}) }), inline: [project], retries: TAB_RETRIES });

  /** Each unpaid round of a closed tab is paid through the orders' own pay command, by the tab's one payment. */
  const payRounds = async (req: Request, rounds: readonly TabRound[], payment: { paymentProcessor: 'CASH' } | { paymentProcessor: 'STRIPE'; paymentId: string; tabId: string; cardBrand?: string; cardLast4?: string }) => {
    for (const round of rounds) {
      const doc = await deps.readModels.collection<OrderDoc>(orders).get(round.orderId);
      if (!doc || !nextActions(doc).includes('pay')) continue;
      const amountDue = doc.billingSummary.totals.amountDue;
      const paid =
        payment.paymentProcessor === 'CASH'
          ? { paymentProcessor: 'CASH' as const, paymentMethodType: 'CASH' as const, amountPaidMinor: amountDue, amountTenderedMinor: amountDue, changeDueMinor: 0 }
          : { ...payment, paymentMethodType: 'CARD' as const, amountPaidMinor: amountDue };
      try {
        await handleCommand(deps.eventStore, orderStream(doc.id), orderDecider, { type: 'PayOrder', data: { orderId: doc.id, merchantId: doc.merchantId, at: now(), ...paid } }, {
          metadata: metadataFrom(req, { tenantId: doc.merchantId }),
          inline: orderProjections,
        });
      } catch (err) {
        // Paid meanwhile by a concurrent delivery of the same payment: nothing more to do.
        if (!(isDomainError(err) && err.kind === 'Conflict')) throw err;
      }
    }
  };
  return { read, run, payRounds, now, project };
}

/**
 * The card webhook's part for tabs: a succeeded payment whose metadata names a tab closes it with
 * that payment and pays every round (idempotent: a redelivery closes nothing twice and pays no round
 * twice). A succeeded payment that paid nothing on the tab (it was closed in cash, or by another
 * payment, while the diner paid) is sent back to the card whole through the payments port and
 * recorded on the tab (TabCardPaymentRefunded), once however often it is delivered: the processor's
 * idempotency key is the payment's, and the tab's decider records one refund per payment. When the
 * processor does not issue it, the webhook fails, so the provider delivers it again. A failed payment
 * changes nothing: the tab waits for the diner to try again.
 */
export function tabPayments(deps: ServiceDeps, orderProjections: InlineProjection[], ports: PaymentsPorts) {
  const { read, run, payRounds, now } = tabCommands(deps, orderProjections);

  const refund = async (req: Request, tab: LiveTab, event: { paymentId: string; amountMinor: number; eventId: string }) => {
    const account = await ports.STRIPE.account(tab.merchantId, tab.testMode, 'refund');
    if (!account) throw new Error(`tab ${tab.tabId}: no Stripe account to refund payment ${event.paymentId} on`);
    const first = tab.rounds[0] ? await deps.readModels.collection<OrderDoc>(orders).get(tab.rounds[0].orderId) : null;
    const issued = await ports.STRIPE.refundPayment({
      paymentId: event.paymentId, amountMinor: event.amountMinor, currency: first?.currency ?? 'USD', connectedAccount: account.connectedAccount, testMode: tab.testMode, idempotencyKey: `tab-refund-${event.paymentId}`,
    });
    await run(req, tab, { type: 'RecordCardRefund', data: { paymentId: event.paymentId, refundId: issued.refundId, amountMinor: event.amountMinor, at: now() } }, event.eventId);
    req.log.warn({ tabId: tab.tabId, paymentId: event.paymentId, refundId: issued.refundId }, 'tab card payment paid nothing (the tab was closed otherwise); refunded');
  };

  return async (req: Request, event: Extract<PaymentEvent, { type: 'PaymentSucceeded' | 'PaymentFailed' }> & { tabId: string }): Promise<void> => {
    const state = await read(event.tabId);
    const ours = state.status !== 'none' && state.merchantId === event.merchantId && state.testMode === event.testMode;
    if (!ours || event.type === 'PaymentFailed') {
      req.log.info({ tabId: event.tabId, paymentId: event.paymentId, eventId: event.eventId, type: event.type }, ours ? 'tab card payment failed; the tab stays open' : 'payment webhook for no tab of ours; ignored');
      return;
    }
    const card = { ...(event.card ? { cardBrand: event.card.brand, cardLast4: event.card.last4 } : {}) };
    let closing: unknown;
    if (cardPaymentOutcome(state, event.paymentId) === 'closes') {
      try {
        await run(req, state, { type: 'CloseTab', data: { paymentProcessor: 'STRIPE', paymentId: event.paymentId, ...card, by: 'diner', at: now() } }, event.eventId);
      } catch (err) {
        // Closed otherwise meanwhile (cash at the counter): decided again on the tab as it now is.
        if (!(isDomainError(err) && err.kind === 'Conflict')) throw err;
        closing = err;
      }
    }
    const tab = liveTab(await read(event.tabId));
    switch (cardPaymentOutcome(tab, event.paymentId)) {
      case 'paid':
        return payRounds(req, tab.rounds, { paymentProcessor: 'STRIPE', paymentId: event.paymentId, tabId: event.tabId, ...card });
      case 'refund':
        return refund(req, tab, event);
      case 'refunded':
        return;
      case 'closes':
        // Still the tab's payment, not recorded (lost every race): the provider delivers it again.
        throw closing ?? new Error(`tab ${tab.tabId}: payment ${event.paymentId} closed nothing`);
    }
  };
}

/** The order a round places: the round's lines, fulfillment TAB, the tab's diner; the same body every time it is placed. */
const roundOrderBody = (tab: LiveTab, request: TabRoundRequest) => ({
  lineItems: request.lineItems,
  fulfillment: { type: 'TAB' },
  paymentProcessor: 'TBD',
  customer: { firstName: tab.customer.firstName, lastName: tab.customer.lastName || tab.customer.firstName, email: tab.customer.email, phone: tab.customer.phone },
  testMode: tab.testMode,
  ...(tab.tagId ? { tagId: tab.tagId } : {}),
  ...(request.ageConfirmed ? { ageConfirmed: true } : {}),
  ...(request.readyFrom ? { readyFrom: request.readyFrom } : {}),
});

/** A request of the service's own making (recovery after a restart): what the placement path reads of one. */
const backgroundRequest = (deps: ServiceDeps, what: string) => {
  const id = randomUUID();
  return { log: deps.logger.child({ background: what }), correlationId: id, requestId: id, get: () => undefined, headers: {} } as unknown as Request;
};

/**
 * A round's two steps, recoverable (issue 20): the tab accepts the round first (TabRoundRequested,
 * with its lines), then its order is placed under the deterministic key `tab-{tabId}-{roundId}`
 * and recorded on the tab (TabRoundSent). Placing is idempotent on that key, so whoever completes a
 * round (the diner's request, a retry of it, the close, the recovery at start) places one order; a
 * crash between placing and recording leaves the round pending, never an order the tab does not
 * know: the close completes pending rounds before it pays (it cannot close over one), and the
 * service completes them when it starts (and every minute, those pending for a minute: another
 * replica's crash). A round whose order the checkout refuses (sold out, say) is abandoned.
 */
export function tabRounds(deps: ServiceDeps, place: PlaceOrder, orderProjections: InlineProjection[]) {
  const { read, run, now } = tabCommands(deps, orderProjections);

  const cancelRefused = async (req: Request, merchantId: string, orderId: string) => {
    const doc = await deps.readModels.collection<OrderDoc>(orders).get(orderId);
    if (!doc || !lifecycleAllows(doc.progress, 'cancel') || doc.paidMinor > 0) return;
    await handleCommand(deps.eventStore, orderStream(orderId), orderDecider, { type: 'CancelOrder', data: { orderId, merchantId, at: now(), by: 'tab', reason: m.closed } }, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: orderProjections,
    });
  };

  /** Places the round's order (again: the same one) and records it on the tab; answers the checkout's answer. */
  const complete = async (req: Request, tabId: string, roundId: string) => {
    const tab = liveTab(await read(tabId));
    const request = tab.requests?.find((r) => r.roundId === roundId);
    const recorded = tab.rounds.some((round) => round.roundId === roundId);
    // Refused meanwhile (the checkout refused it to another completer): it is not the tab's.
    if (!request || (!recorded && !pendingRounds(tab).some((r) => r.roundId === roundId))) throw conflict(m.closed, undefined, 'tab_closed');
    let placed;
    try {
      placed = await place(req, tab.merchantId, `tab-${tab.tabId}-${roundId}`, roundOrderBody(tab, request), (r) => r, { tabId: tab.tabId, tabName: tabNameOf(tab.customer) });
    } catch (err) {
      // The checkout refused the order (a typed problem): the round is given up; anything else leaves it pending.
      if (isDomainError(err) && !recorded) await run(req, tab, { type: 'AbandonRound', data: { roundId, reason: err.message, at: now() } });
      throw err;
    }
    if (!recorded) {
      const amountDue = (placed.answer.billingSummary as { totals: { amountDue: number } }).totals.amountDue;
      const orderId = String(placed.answer.id);
      try {
        await run(req, tab, { type: 'RecordRound', data: { roundId, orderId, orderCode: String(placed.answer.orderCode), amountDueMinor: Math.round(amountDue * 100), at: now() } });
      } catch (err) {
        // Refused meanwhile: the order is not the tab's, so it is cancelled (its stock given back).
        if ((err as { code?: string }).code === 'tab_closed') await cancelRefused(req, tab.merchantId, orderId);
        throw err;
      }
    }
    return placed;
  };

  /** Completes every round the tab still waits for; one the checkout refuses is abandoned and passed by. */
  const settle = async (req: Request, tabId: string) => {
    for (const request of pendingRounds(liveTab(await read(tabId)))) {
      try {
        await complete(req, tabId, request.roundId);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        req.log.info({ tabId, roundId: request.roundId, reason: err.message }, 'pending tab round not sent');
      }
    }
  };

  const rounds = {
    complete,
    settle,
    /**
     * Runs a command that needs the tab settled (a close), settling it first and again when a round
     * was accepted between the settling and the command (a few times; then the 409 stands).
     */
    async settled<T>(req: Request, tabId: string, command: () => Promise<T>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        await settle(req, tabId);
        try {
          return await command();
        } catch (err) {
          if ((err as { code?: string }).code !== 'round_pending' || attempt >= 4) throw err;
        }
      }
    },
    /** Completes the pending rounds of every tab (at start: a crash's; then those pending longer than `olderThanMs`). */
    async recover(olderThanMs = 0): Promise<number> {
      const cutoff = deps.now().getTime() - olderThanMs;
      const page = await deps.readModels.collection<TabDoc>(tabs).find({ filter: { hasPending: true }, sort: 'openedAt', order: 'asc', limit: 100 });
      let settledTabs = 0;
      for (const doc of page.data) {
        const state = await read(doc.id);
        if (state.status === 'none' || !pendingRounds(state).some((r) => Date.parse(r.at) <= cutoff)) continue;
        const req = backgroundRequest(deps, 'tab-rounds-recovery');
        try {
          await settle(req, doc.id);
          settledTabs += 1;
        } catch (err) {
          req.log.warn({ err, tabId: doc.id }, 'pending tab rounds not settled; the next recovery tries again');
        }
      }
      return settledTabs;
    },
  };
  return rounds;
}

/** Recovery of pending rounds: once at start (a crash's), then every minute those pending for a minute (another replica's). */
export function scheduleTabRecovery(deps: ServiceDeps, rounds: ReturnType<typeof tabRounds>, everyMs = 60_000): Sweep {
  return sweepEvery(deps.logger, everyMs, (first) => (first ? rounds.recover() : rounds.recover(everyMs)), 'tab rounds recovery failed; the next round tries again', true);
}

export function tabsRouter(deps: ServiceDeps, access: TenantAccess, catalog: CatalogReader, rounds: ReturnType<typeof tabRounds>, orderProjections: InlineProjection[], secret: string, ports: PaymentsPorts): Router {
  const router = Router();
  const docs = () => deps.readModels.collection<TabDoc>(tabs);
  const { read, run, payRounds, now, project } = tabCommands(deps, orderProjections);

  const tabOf = async (tabId: string, given: unknown): Promise<LiveTab> => {
    if (typeof given !== 'string' || !given || tabOfToken(secret, given) !== tabId) throw forbidden(m.tokenInvalid, 'invitation_invalid');
    const state = await read(tabId);
    if (state.status === 'none') throw notFound(m.notFound);
    return state;
  };
  const viewOf = async (tabId: string) => tabViewOf((await docs().get(tabId))!);

  /**
   * One payment for the whole tab. Cash (staff only, who take it): the tab closes, then each round is
   * paid; the diner's cash close is a request to pay staff (requestCash), which pays nothing. Card
   * (the diner's own close only): the processor's payment for the total is started and the rounds
   * frozen; its webhook closes the tab and pays the rounds (tabPayments).
   */
  const close = async (req: Request, tab: LiveTab, body: z.output<typeof closeBody>, byDiner: boolean) => {
    if (body.paymentProcessor !== 'CASH') {
      if (!byDiner) throw validationFailed(m.cardByDiner, { paymentProcessor: m.cardByDiner });
      return startCard(req, tab, body.paymentProcessor);
    }
    if (byDiner) return requestCash(req, tab);
    await run(req, tab, { type: 'StartClosing', data: { at: now() } });
    await rounds.settled(req, tab.tabId, () =>
      run(req, tab, { type: 'CloseTab', data: { paymentProcessor: 'CASH', ...(body.amountTendered !== undefined ? { amountTenderedMinor: body.amountTendered } : {}), by: req.principal?.uid ?? 'diner', at: now() } }),
    );
    // The rounds the close was decided on (read again: a round recorded since `tab` was read is in them,
    // and none can be recorded after the TabClosed event).
    await payRounds(req, liveTab(await read(tab.tabId)).rounds, { paymentProcessor: 'CASH' });
    return { ...(await viewOf(tab.tabId)), message: m.closedMessage };
  };

  /**
   * The diner will pay in cash: the tab takes no more rounds (TabCashRequested), the rounds on their
   * way are completed, and the tab waits for a member to take the cash and close it (each order is
   * paid then, not now). Asked again, it answers the same.
   */
  const requestCash = async (req: Request, tab: LiveTab) => {
    await run(req, tab, { type: 'RequestCash', data: { at: now() } });
    // No round is accepted from now on: once these are completed (or refused), the total is the one staff take.
    await rounds.settle(req, tab.tabId);
    return { ...(await viewOf(tab.tabId)), message: m.cashRequestedMessage };
  };

  const startCard = async (req: Request, given: LiveTab, processor: 'STRIPE' | 'SQUARE') => {
    // The payment is for every round the tab accepted: those still on their way are placed first.
    if (pendingRounds(given).length > 0) await rounds.settle(req, given.tabId);
    const tab = pendingRounds(given).length > 0 ? liveTab(await read(given.tabId)) : given;
    if (tab.rounds.length === 0) throw conflict(m.noRounds);
    const amountMinor = tabTotalMinor(tab.rounds);
    const first = await deps.readModels.collection<OrderDoc>(orders).get(tab.rounds[0]!.orderId);
    let started: { paymentId: string; clientSecret?: string };
    try {
      started = await startTabCardPayment(ports, { processor, merchantId: tab.merchantId, testMode: tab.testMode, currency: first?.currency ?? 'USD', tabId: tab.tabId, amountMinor });
    } catch (err) {
      if (!(err instanceof PaymentNotStarted)) throw err;
      req.log.warn({ err: err.cause, processor: err.processor, tabId: tab.tabId }, 'tab card payment not started');
      throw providerFailed(paymentMessages.notStarted);
    }
    // The rounds are frozen on the amount asked for: a round sent meanwhile makes this a conflict (try again).
    await run(req, tab, { type: 'StartCardPayment', data: { paymentId: started.paymentId, amountMinor, at: now() } });
    return { ...(await viewOf(tab.tabId)), cardPayment: { paymentProcessor: processor, paymentId: started.paymentId, clientSecret: started.clientSecret, amount: amountMinor / 100 }, message: m.cardMessage };
  };

  router.post('/v1/merchants/:merchantId/tabs', async (req, res) => {
    const { merchantId } = req.params;
    const body = parseInput(openBody, req.body ?? {});
    const merchant = await catalog.merchant(merchantId);
    if (!merchant) throw notFound('Merchant not found');
    if (!merchant.checkoutOptions.fulfillmentTypes.TAB) throw validationFailed(m.notAvailable);
    const tabId = randomUUID();
    const customerOf = { ...body.customer, ...(req.principal && !req.principal.tenant ? { uid: req.principal.uid } : {}) };
    await handleCommand(deps.eventStore, tabStream(tabId), tabDecider, { type: 'OpenTab', data: { tabId, merchantId, testMode: body.testMode ?? false, customer: customerOf, ...(body.tagId ? { tagId: body.tagId } : {}), at: now() } }, {
      metadata: metadataFrom(req, { tenantId: merchantId }),
      inline: [project],
      newStream: true,
    });
    res.status(201).json({ tabId, token: tabToken(secret, tabId), tab: await viewOf(tabId) });
  });

  router.get('/v1/tabs/:tabId', async (req, res) => {
    await tabOf(req.params.tabId, typeof req.query.token === 'string' ? req.query.token : undefined);
    res.json(await viewOf(req.params.tabId));
  });

  // A round: the diner's lines as an order (fulfillment TAB, paid when the tab closes). Accepted by the
  // tab first (its Idempotency-Key is the round's id), then placed and recorded (tabRounds.complete).
  router.post('/v1/tabs/:tabId/rounds', async (req, res) => {
    const tab = await tabOf(req.params.tabId, (req.body as { token?: unknown } | undefined)?.token);
    const round = parseInput(roundBody, req.body ?? {});
    const roundId = req.get('Idempotency-Key')?.trim() || randomUUID();
    if (roundId.length > 200) throw validationFailed('Idempotency-Key must be at most 200 characters');
    const request = { roundId, lineItems: round.lineItems, ...(round.ageConfirmed === true ? { ageConfirmed: true } : {}), ...(round.readyFrom ? { readyFrom: round.readyFrom } : {}), at: now() };
    // The checkout's own checks of the request (per field) before the tab accepts it.
    parseInput(checkoutRequest, roundOrderBody(tab, request));
    await run(req, tab, { type: 'RequestRound', data: request });
    const placed = await rounds.complete(req, tab.tabId, roundId);
    res.status(201).json({ round: placed.answer, tab: await viewOf(tab.tabId) });
  });

  // The diner closes the tab: by card (paid once), or asks to pay staff in cash (the tab waits for them).
  router.post('/v1/tabs/:tabId/close', async (req, res) => {
    const body = parseInput(closeBody, req.body ?? {});
    const tab = await tabOf(req.params.tabId, body.token);
    if (tab.status === 'closed') throw conflict(m.closed, undefined, 'tab_closed');
    res.json(await close(req, tab, body, true));
  });

  // The merchant's open tabs with their running totals (any member; an API key in its own mode).
  router.get('/v1/merchants/:merchantId/tabs', async (req, res) => {
    const { merchantId } = req.params;
    const query = parseInput(tabsQuery, req.query);
    const testMode = await access.authorizeMode(req, { collection: 'merchants', id: merchantId, role: 'member' }, query.testMode === undefined ? undefined : query.testMode === 'true');
    const status = query.status ?? 'open';
    const page = await docs().find({ filter: { merchantId, testMode, status }, sort: 'openedAt', order: 'desc', limit: 100 });
    res.json({ data: page.data.map(tabViewOf) });
  });

  // The merchant closes a tab (the diner paid at the counter, or handed the cash they asked to pay).
  router.post('/v1/merchants/:merchantId/tabs/:tabId/close', async (req, res) => {
    const { merchantId, tabId } = req.params;
    const body = parseInput(closeBody, req.body ?? {});
    const state = await read(tabId);
    await access.authorize(req, { collection: 'merchants', id: merchantId, role: 'member', mode: state.status === 'none' ? 'any' : modeOf(state.testMode) });
    if (state.status === 'none' || state.merchantId !== merchantId) throw notFound(m.notFound);
    if (state.status === 'closed') throw conflict(m.closed, undefined, 'tab_closed');
    res.json(await close(req, state, body, false));
  });

  return router;
}
