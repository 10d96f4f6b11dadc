import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { conflict, notFound, type CollectionSpec, type Decider, type InlineProjection, type ReadModelStore } from '@seatside/chassis';
import type { OrderCustomer } from '../orders/order';

/**
 * Tab ordering (seed 002 §3 checkoutOptions.fulfillmentTypes.TAB; issue 20): a diner opens a tab,
 * sends rounds over the evening (each round is an order, fulfillment TAB, placed through the
 * checkout's placement path, so it reaches the merchant's live orders list as it is sent), and the
 * tab is closed and paid once: every round is paid by the one payment. One stream per tab.
 *
 * Cash is paid to staff, so only staff close a tab in cash: the diner's cash close is a request
 * (TabCashRequested): the tab takes no more rounds and waits for cash until a member closes it.
 */
export const tabMessages = {
  notAvailable: 'Tab ordering is not available',
  notFound: 'Tab not found',
  tokenInvalid: 'This tab link is not valid',
  closed: 'This tab is closed',
  noRounds: 'This tab has no rounds to pay',
  closedMessage: 'Tab closed',
  paying: 'This tab is being paid',
  changed: 'The tab changed while it was being paid, please try again',
  cardByDiner: 'A tab is paid by card from the diner\'s tab page',
  cardMessage: 'Pay by card to close the tab',
  paidTheTab: 'This payment paid the tab',
  roundPending: 'A round is being sent, please try again',
  awaitingCash: 'This tab is waiting to be paid in cash',
  cashRequestedMessage: 'Pay in cash to a member of staff to close the tab',
} as const;

export const tabStream = (tabId: string) => `tab-${tabId}`;

/** A tab's name: its diner's ('Ann Lee', or 'Ann' without a last name). */
export const tabNameOf = (customer: Pick<OrderCustomer, 'firstName' | 'lastName'>) => `${customer.firstName} ${customer.lastName}`.trim();

/** The diner's capability for their tab: an HMAC over the tab id, `{tabId}.{mac}`, checked by the server. */
export const tabToken = (secret: string, tabId: string) => `${tabId}.${createHmac('sha256', secret).update(`tab:${tabId}`).digest('base64url')}`;

export function tabOfToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const tabId = token.slice(0, dot);
  const expected = Buffer.from(tabToken(secret, tabId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? tabId : undefined;
}

/**
 * A round the tab accepted, before its order is placed (TabRoundRequested): the round's id is its
 * Idempotency-Key, and its order is placed under the key `tab-{tabId}-{roundId}`, so however often it
 * is placed (the diner's request, the close, a restart's recovery) it is one order. Until its order is
 * recorded (TabRoundSent) or refused (TabRoundAbandoned) the tab cannot close or be paid.
 */
export interface TabRoundRequest {
  roundId: string;
  lineItems: unknown;
  ageConfirmed?: boolean;
  /** Pacing: the later window the diner accepted for this round ('Ready from 8:45 PM', checkout/pacing.ts). */
  readyFrom?: string;
  at: string;
}

export interface TabRound {
  /** The request it completes (absent on rounds recorded before requests were). */
  roundId?: string;
  orderId: string;
  orderCode: string;
  amountDueMinor: number;
  at: string;
}

export interface TabPayment {
  paymentProcessor: 'CASH' | 'STRIPE';
  amountPaidMinor: number;
  amountTenderedMinor?: number;
  /** A card payment's id at the processor (Stripe: the PaymentIntent), the one for the whole tab. */
  paymentId?: string;
  cardBrand?: string;
  cardLast4?: string;
  by: string;
}

/** The tab's card payment, started by the diner: the rounds are frozen (no round is taken) until it succeeds. */
export interface TabCardPayment {
  paymentId: string;
  amountMinor: number;
}

/**
 * A card payment that succeeded but paid nothing on the tab (it was closed in cash, or by another
 * payment, while the diner paid): sent back to the card whole, once, through the payments port.
 */
export interface TabCardRefund {
  paymentId: string;
  refundId: string;
  amountMinor: number;
  at: string;
}

export type TabEvent =
  | { type: 'TabOpened'; data: { tabId: string; merchantId: string; testMode: boolean; customer: OrderCustomer; tagId?: string; at: string } }
  | { type: 'TabRoundRequested'; data: { tabId: string; request: TabRoundRequest } }
  | { type: 'TabRoundSent'; data: { tabId: string; round: TabRound } }
  | { type: 'TabRoundAbandoned'; data: { tabId: string; roundId: string; reason: string; at: string } }
  | { type: 'TabCardPaymentStarted'; data: { tabId: string; paymentId: string; amountMinor: number; at: string } }
  | { type: 'TabClosing'; data: { tabId: string; at: string } }
  | { type: 'TabCashRequested'; data: { tabId: string; at: string } }
  | { type: 'TabClosed'; data: { tabId: string; payment: TabPayment; at: string } }
  | { type: 'TabCardPaymentRefunded'; data: { tabId: string } & TabCardRefund };

export type TabCommand =
  | { type: 'OpenTab'; data: { tabId: string; merchantId: string; testMode: boolean; customer: OrderCustomer; tagId?: string; at: string } }
  | { type: 'RequestRound'; data: TabRoundRequest }
  | { type: 'RecordRound'; data: TabRound & { roundId: string } }
  | { type: 'AbandonRound'; data: { roundId: string; reason: string; at: string } }
  | { type: 'StartCardPayment'; data: TabCardPayment & { at: string } }
  | { type: 'StartClosing'; data: { at: string } }
  | { type: 'RequestCash'; data: { at: string } }
  | { type: 'CloseTab'; data: Omit<TabPayment, 'amountPaidMinor'> & { at: string } }
  | { type: 'RecordCardRefund'; data: TabCardRefund };

export type TabState =
  | { status: 'none' }
  | { status: 'open' | 'closed'; tabId: string; merchantId: string; testMode: boolean; customer: OrderCustomer; tagId?: string; rounds: TabRound[]; requests?: TabRoundRequest[]; abandoned?: string[]; closing?: boolean; cashRequestedAt?: string; openedAt: string; cardPayment?: TabCardPayment; payment?: TabPayment; refunds?: TabCardRefund[] };

export type LiveTab = Exclude<TabState, { status: 'none' }>;

export const tabTotalMinor = (rounds: readonly TabRound[]) => rounds.reduce((total, round) => total + round.amountDueMinor, 0);

/** The rounds the tab accepted whose order is neither recorded nor refused yet. */
export const pendingRounds = (tab: LiveTab): TabRoundRequest[] =>
  (tab.requests ?? []).filter((request) => !tab.rounds.some((round) => round.roundId === request.roundId) && !tab.abandoned?.includes(request.roundId));

const settled = (tab: LiveTab): LiveTab => {
  if (pendingRounds(tab).length > 0) throw conflict(tabMessages.roundPending, undefined, 'round_pending');
  return tab;
};

export const liveTab = (state: TabState): LiveTab => {
  if (state.status === 'none') throw notFound(tabMessages.notFound);
  return state;
};
const open = (state: TabState): LiveTab => {
  const tab = liveTab(state);
  if (tab.status === 'closed') throw conflict(tabMessages.closed, undefined, 'tab_closed');
  return tab;
};

/** Whether a card payment for this tab paid it (it closed the tab) or still may (the tab waits for it). */
const paysTheTab = (tab: LiveTab, paymentId: string) => (tab.status === 'closed' ? tab.payment?.paymentId === paymentId : tab.cardPayment?.paymentId === paymentId);

/** What is left to do about a card payment of this tab that succeeded: pay the rounds, send it back, or nothing (sent back already). */
export function cardPaymentOutcome(tab: LiveTab, paymentId: string): 'closes' | 'paid' | 'refund' | 'refunded' {
  if (tab.refunds?.some((refund) => refund.paymentId === paymentId)) return 'refunded';
  if (!paysTheTab(tab, paymentId)) return 'refund';
  return tab.status === 'closed' ? 'paid' : 'closes';
}

export const tabDecider: Decider<TabCommand, TabEvent, TabState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'OpenTab':
        if (state.status !== 'none') throw conflict(tabMessages.closed, undefined, 'tab_closed');
        return [{ type: 'TabOpened', data: command.data }];
      case 'RequestRound': {
        const tab = liveTab(state);
        // The same round again (a retry with its Idempotency-Key): nothing new, its order is the same one.
        if (tab.rounds.some((round) => round.roundId === command.data.roundId) || pendingRounds(tab).some((request) => request.roundId === command.data.roundId)) return [];
        // Round vs close is decided on the tab's one stream (optimistic concurrency): a round asked for after the
        // close (or once the card payment froze the rounds) is refused before any order is placed.
        if (tab.status === 'open' && tab.cashRequestedAt) throw conflict(tabMessages.awaitingCash, undefined, 'tab_closed');
        if (tab.status === 'closed' || tab.closing) throw conflict(tabMessages.closed, undefined, 'tab_closed');
        if (tab.cardPayment) throw conflict(tabMessages.paying, undefined, 'tab_closed');
        return [{ type: 'TabRoundRequested', data: { tabId: tab.tabId, request: command.data } }];
      }
      case 'RecordRound': {
        const tab = liveTab(state);
        if (tab.rounds.some((round) => round.orderId === command.data.orderId || round.roundId === command.data.roundId)) return [];
        // Only a round the tab accepted and still waits for: one refused meanwhile is not the tab's (its caller cancels the order).
        if (!pendingRounds(tab).some((request) => request.roundId === command.data.roundId)) throw conflict(tabMessages.closed, undefined, 'tab_closed');
        return [{ type: 'TabRoundSent', data: { tabId: tab.tabId, round: command.data } }];
      }
      case 'AbandonRound': {
        const tab = liveTab(state);
        if (!pendingRounds(tab).some((request) => request.roundId === command.data.roundId)) return [];
        return [{ type: 'TabRoundAbandoned', data: { tabId: tab.tabId, ...command.data } }];
      }
      case 'StartCardPayment': {
        const tab = settled(open(state));
        if (tab.rounds.length === 0) throw conflict(tabMessages.noRounds);
        if (tab.cardPayment?.paymentId === command.data.paymentId) return [];
        // The amount the processor was asked for is the total of the rounds this decision sees.
        if (command.data.amountMinor !== tabTotalMinor(tab.rounds)) throw conflict(tabMessages.changed);
        return [{ type: 'TabCardPaymentStarted', data: { tabId: tab.tabId, ...command.data } }];
      }
      case 'StartClosing': {
        // A cash close takes no more rounds first, then completes those on their way and pays them all:
        // rounds sent while it closes cannot keep it waiting. A tab waiting for cash takes none already.
        const tab = open(state);
        return tab.closing ? [] : [{ type: 'TabClosing', data: { tabId: tab.tabId, at: command.data.at } }];
      }
      case 'RequestCash': {
        // The diner asks to pay in cash: nothing is paid (staff close the tab once the cash is in hand),
        // but the tab takes no more rounds, as a close does; those on their way are completed still.
        const tab = open(state);
        // Asked again (a retry, another phone at the table): the same request.
        if (tab.cashRequestedAt) return [];
        if (tab.rounds.length === 0 && pendingRounds(tab).length === 0) throw conflict(tabMessages.noRounds);
        return [{ type: 'TabCashRequested', data: { tabId: tab.tabId, at: command.data.at } }];
      }
      case 'CloseTab': {
        const card = command.data.paymentProcessor === 'STRIPE';
        // A redelivered card success: the tab is closed by this very payment already.
        if (card && state.status === 'closed' && state.payment?.paymentId === command.data.paymentId) return [];
        // The close pays every round the tab accepted: none may still be on its way.
        const tab = settled(open(state));
        if (card && tab.cardPayment?.paymentId !== command.data.paymentId) throw conflict(tabMessages.changed);
        // Staff may close a tab with nothing to pay (opened and never ordered on, or every round refused
        // while it waited for cash): it closes paying nothing, rather than waiting in Open Tabs for ever.
        if (card && tab.rounds.length === 0) throw conflict(tabMessages.noRounds);
        const { at, ...payment } = command.data;
        return [{ type: 'TabClosed', data: { tabId: tab.tabId, payment: { ...payment, amountPaidMinor: tabTotalMinor(tab.rounds) }, at } }];
      }
      case 'RecordCardRefund': {
        const tab = liveTab(state);
        const outcome = cardPaymentOutcome(tab, command.data.paymentId);
        // A redelivered webhook: sent back once.
        if (outcome === 'refunded') return [];
        if (outcome !== 'refund') throw conflict(tabMessages.paidTheTab);
        return [{ type: 'TabCardPaymentRefunded', data: { tabId: tab.tabId, ...command.data } }];
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'TabOpened') {
      const { tabId, merchantId, testMode, customer, tagId, at } = event.data;
      return { status: 'open', tabId, merchantId, testMode, customer, ...(tagId ? { tagId } : {}), rounds: [], openedAt: at };
    }
    if (state.status === 'none') return state;
    if (event.type === 'TabRoundRequested') {
      const { roundId } = event.data.request;
      return { ...state, requests: [...(state.requests ?? []).filter((request) => request.roundId !== roundId), event.data.request], abandoned: (state.abandoned ?? []).filter((id) => id !== roundId) };
    }
    if (event.type === 'TabRoundSent') return { ...state, rounds: [...state.rounds, event.data.round] };
    if (event.type === 'TabRoundAbandoned') return { ...state, abandoned: [...(state.abandoned ?? []), event.data.roundId] };
    if (event.type === 'TabCardPaymentStarted') return { ...state, cardPayment: { paymentId: event.data.paymentId, amountMinor: event.data.amountMinor } };
    if (event.type === 'TabClosing') return { ...state, closing: true };
    if (event.type === 'TabCashRequested') return { ...state, closing: true, cashRequestedAt: event.data.at };
    if (event.type === 'TabClosed') return { ...state, status: 'closed', payment: event.data.payment };
    if (event.type === 'TabCardPaymentRefunded') {
      const { tabId: _tabId, ...refund } = event.data;
      return { ...state, refunds: [...(state.refunds ?? []), refund] };
    }
    return state;
  },
};

/** The merchant's open and closed tabs with their running totals (minor units), newest first. */
export const tabs: CollectionSpec = { name: 'tabs', sortable: ['openedAt'], filterable: ['merchantId', 'testMode', 'status', 'hasPending'] };

export type TabDoc = {
  id: string;
  merchantId: string;
  testMode: boolean;
  status: 'open' | 'closed';
  name: string;
  rounds: TabRound[];
  /** When the diner asked to pay in cash (TabCashRequested): the open tab waits for staff to take the cash and close it. */
  cashRequestedAt?: string;
  totalMinor: number;
  /** Rounds accepted whose order is not recorded yet (a crash between the two steps leaves one; recovery settles it). */
  pendingRounds?: number;
  hasPending?: boolean;
  openedAt: string;
  closedAt?: string;
  payment?: TabPayment;
  /** Card payments that paid nothing on the tab and were sent back (issue 20). */
  refunds?: TabCardRefund[];
};

/** The tab's document, in the transaction of every command on it (folded from the doc: one stream, one writer at a time). */
export const projectTabs =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<TabDoc>(tabs, tx);
    for (const event of events as unknown as { type: TabEvent['type']; data: TabEvent['data'] }[]) {
      const e = event as TabEvent;
      if (e.type === 'TabOpened') {
        const { tabId, merchantId, testMode, customer, at } = e.data;
        await docs.put({ id: tabId, merchantId, testMode, status: 'open', name: tabNameOf(customer), rounds: [], totalMinor: 0, openedAt: at });
        continue;
      }
      const doc = await docs.get(e.data.tabId);
      if (!doc) continue;
      const pending = (count: number) => ({ pendingRounds: Math.max(0, count), hasPending: count > 0 });
      if (e.type === 'TabRoundRequested') {
        await docs.put({ ...doc, ...pending((doc.pendingRounds ?? 0) + 1) });
      } else if (e.type === 'TabRoundAbandoned') {
        await docs.put({ ...doc, ...pending((doc.pendingRounds ?? 0) - 1) });
      } else if (e.type === 'TabRoundSent') {
        const rounds = [...doc.rounds, e.data.round];
        await docs.put({ ...doc, rounds, totalMinor: tabTotalMinor(rounds), ...(e.data.round.roundId ? pending((doc.pendingRounds ?? 0) - 1) : {}) });
      } else if (e.type === 'TabCashRequested') {
        await docs.put({ ...doc, cashRequestedAt: e.data.at });
      } else if (e.type === 'TabClosed') {
        await docs.put({ ...doc, status: 'closed', closedAt: e.data.at, payment: e.data.payment });
      } else if (e.type === 'TabCardPaymentRefunded') {
        const { tabId: _tabId, ...refund } = e.data;
        await docs.put({ ...doc, refunds: [...(doc.refunds ?? []), refund] });
      }
    }
  };

/** A tab's status as the API answers it: an open tab whose diner asked to pay in cash is `awaiting_cash`. */
export type TabStatus = 'open' | 'awaiting_cash' | 'closed';
export const tabStatusOf = (doc: Pick<TabDoc, 'status' | 'cashRequestedAt'>): TabStatus => (doc.status === 'open' && doc.cashRequestedAt ? 'awaiting_cash' : doc.status);

export const tabViewOf = (doc: TabDoc) => ({
  id: doc.id,
  merchantId: doc.merchantId,
  testMode: doc.testMode,
  status: tabStatusOf(doc),
  name: doc.name,
  rounds: doc.rounds.map((round) => ({ orderId: round.orderId, orderCode: round.orderCode, amountDue: round.amountDueMinor / 100, at: round.at })),
  total: doc.totalMinor / 100,
  openedAt: doc.openedAt,
  ...(doc.cashRequestedAt ? { cashRequestedAt: doc.cashRequestedAt } : {}),
  ...(doc.closedAt ? { closedAt: doc.closedAt } : {}),
  ...(doc.payment
    ? { payment: { paymentProcessor: doc.payment.paymentProcessor, amountPaid: doc.payment.amountPaidMinor / 100, ...(doc.payment.cardLast4 ? { cardBrand: doc.payment.cardBrand, cardLast4: doc.payment.cardLast4 } : {}) } }
    : {}),
  ...(doc.refunds?.length ? { refunds: doc.refunds.map((refund) => ({ amount: refund.amountMinor / 100, at: refund.at })) } : {}),
});

/** `tabViewOf` in the OpenAPI document (src/openapi.ts): money in major units. */
export const tabAnswer = z.looseObject({
  id: z.string(),
  merchantId: z.string(),
  testMode: z.boolean(),
  /** `awaiting_cash`: the diner asked to pay in cash; it takes no rounds until staff close it. */
  status: z.enum(['open', 'awaiting_cash', 'closed']),
  /** The diner's name. */
  name: z.string(),
  rounds: z.array(z.object({ orderId: z.string(), orderCode: z.string(), amountDue: z.number(), at: z.string() })),
  /** The running total. */
  total: z.number(),
  openedAt: z.string(),
});
