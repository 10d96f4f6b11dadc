import { spec } from '@seatside/chassis/src/testkit/decider';
import { tabDecider, tabMessages as m, tabStatusOf, type TabCommand, type TabEvent, type TabState } from './tab';

const tabId = 't1';
const at = '2025-05-01T20:00:00.000Z';
const customer = { firstName: 'Tess', lastName: 'Tab', email: 'tess@example.com', phone: '' };
const opened: TabEvent = { type: 'TabOpened', data: { tabId, merchantId: 'bar', testMode: false, customer, at } };
const requested = (roundId: string): TabEvent => ({ type: 'TabRoundRequested', data: { tabId, request: { roundId, lineItems: [{ productId: 'beer', quantity: 1 }], at } } });
const sent = (roundId: string, amountDueMinor: number): TabEvent => ({ type: 'TabRoundSent', data: { tabId, round: { roundId, orderId: `o-${roundId}`, orderCode: roundId.toUpperCase(), amountDueMinor, at } } });
const cashRequested: TabEvent = { type: 'TabCashRequested', data: { tabId, at } };
const requestCash: TabCommand = { type: 'RequestCash', data: { at } };
const staffClose: TabCommand = { type: 'CloseTab', data: { paymentProcessor: 'CASH', by: 'barb', at } };
const withTwoRounds = [opened, requested('r1'), sent('r1', 1400), requested('r2'), sent('r2', 450)];

const stateAfter = (events: TabEvent[]): TabState => events.reduce(tabDecider.evolve, tabDecider.initialState());
const codeOf = (events: TabEvent[], command: TabCommand) => {
  try {
    tabDecider.decide(command, stateAfter(events));
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
};

describe('the tab decider: a diner asking to pay in cash', () => {
  it('given an open tab with two rounds, when the diner asks to pay in cash, then TabCashRequested and nothing is paid: the tab stays open, waiting for cash', () => {
    spec(tabDecider).given(withTwoRounds).when(requestCash).then([cashRequested]);
    expect(stateAfter([...withTwoRounds, cashRequested])).toMatchObject({ status: 'open', cashRequestedAt: at, closing: true });
    expect(stateAfter([...withTwoRounds, cashRequested])).not.toHaveProperty('payment');
  });

  it('given a tab waiting for cash, when the diner asks again, then nothing new (the same request)', () => {
    spec(tabDecider).given([...withTwoRounds, cashRequested]).when({ type: 'RequestCash', data: { at: '2025-05-01T20:05:00.000Z' } }).then([]);
  });

  it('given a tab waiting for cash, when a round is sent, then it is refused before any order is placed (409 tab_closed, waiting for cash)', () => {
    spec(tabDecider).given([...withTwoRounds, cashRequested]).when({ type: 'RequestRound', data: { roundId: 'r3', lineItems: [], at } }).thenThrows('Conflict', m.awaitingCash);
    expect(codeOf([...withTwoRounds, cashRequested], { type: 'RequestRound', data: { roundId: 'r3', lineItems: [], at } })).toBe('tab_closed');
  });

  it('given a tab waiting for cash, when a round sent before the request is retried, then nothing new (it is the same round)', () => {
    spec(tabDecider).given([...withTwoRounds, cashRequested]).when({ type: 'RequestRound', data: { roundId: 'r2', lineItems: [], at } }).then([]);
  });

  it('given a round on its way when the diner asks to pay in cash, when its order is recorded, then the round joins the tab (pending rounds complete as before)', () => {
    const events = [opened, requested('r1'), sent('r1', 1400), requested('r2'), cashRequested];
    spec(tabDecider).given(events).when({ type: 'RecordRound', data: { roundId: 'r2', orderId: 'o-r2', orderCode: 'R2', amountDueMinor: 450, at } }).then([sent('r2', 450)]);
  });

  it('given a tab waiting for cash with a round still on its way, when staff close it, then 409 round_pending (the close completes it first)', () => {
    const events = [opened, requested('r1'), sent('r1', 1400), requested('r2'), cashRequested];
    spec(tabDecider).given(events).when(staffClose).thenThrows('Conflict', m.roundPending);
    expect(codeOf(events, staffClose)).toBe('round_pending');
  });

  it('given a tab waiting for cash, when staff close it in cash, then it takes no closing step again and TabClosed pays the total of every round', () => {
    spec(tabDecider).given([...withTwoRounds, cashRequested]).when({ type: 'StartClosing', data: { at } }).then([]);
    spec(tabDecider)
      .given([...withTwoRounds, cashRequested])
      .when(staffClose)
      .then([{ type: 'TabClosed', data: { tabId, payment: { paymentProcessor: 'CASH', by: 'barb', amountPaidMinor: 1850 }, at } }]);
  });

  it('given a tab with no rounds, when the diner asks to pay in cash, then "no rounds to pay"; with a round on its way, the request is taken', () => {
    spec(tabDecider).given([opened]).when(requestCash).thenThrows('Conflict', m.noRounds);
    spec(tabDecider).given([opened, requested('r1')]).when(requestCash).then([cashRequested]);
  });

  it('given a tab waiting for cash whose only round was refused, when staff close it in cash, then it closes paying nothing (it does not wait in Open Tabs for ever)', () => {
    const refused: TabEvent = { type: 'TabRoundAbandoned', data: { tabId, roundId: 'r1', reason: 'Sold out', at } };
    spec(tabDecider)
      .given([opened, requested('r1'), cashRequested, refused])
      .when(staffClose)
      .then([{ type: 'TabClosed', data: { tabId, payment: { paymentProcessor: 'CASH', by: 'barb', amountPaidMinor: 0 }, at } }]);
  });

  it('given a tab opened and never ordered on, when staff close it in cash, then it closes paying nothing; the diner still cannot ask to pay nothing', () => {
    spec(tabDecider)
      .given([opened])
      .when(staffClose)
      .then([{ type: 'TabClosed', data: { tabId, payment: { paymentProcessor: 'CASH', by: 'barb', amountPaidMinor: 0 }, at } }]);
    spec(tabDecider).given([opened]).when(requestCash).thenThrows('Conflict', m.noRounds);
  });

  it('given a closed tab, when the diner asks to pay in cash, then 409 tab_closed', () => {
    const closed: TabEvent = { type: 'TabClosed', data: { tabId, payment: { paymentProcessor: 'CASH', by: 'barb', amountPaidMinor: 1850 }, at } };
    spec(tabDecider).given([...withTwoRounds, cashRequested, closed]).when(requestCash).thenThrows('Conflict', m.closed);
    expect(codeOf([...withTwoRounds, cashRequested, closed], requestCash)).toBe('tab_closed');
  });

  it('given a tab waiting for cash, when the diner pays by card instead, then the card payment starts as on an open tab', () => {
    spec(tabDecider)
      .given([...withTwoRounds, cashRequested])
      .when({ type: 'StartCardPayment', data: { paymentId: 'pi_1', amountMinor: 1850, at } })
      .then([{ type: 'TabCardPaymentStarted', data: { tabId, paymentId: 'pi_1', amountMinor: 1850, at } }]);
  });

  it("given the tab's document, then its status is open, awaiting_cash once the diner asked to pay in cash, and closed once staff closed it", () => {
    expect(tabStatusOf({ status: 'open' })).toBe('open');
    expect(tabStatusOf({ status: 'open', cashRequestedAt: at })).toBe('awaiting_cash');
    expect(tabStatusOf({ status: 'closed', cashRequestedAt: at })).toBe('closed');
  });
});
