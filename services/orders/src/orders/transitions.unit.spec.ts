import { isDomainError } from '@seatside/chassis';
import { orderDecider, type OrderCommand, type OrderEvent, type OrderState } from './order';
import { placedOrder, ref } from './order-fixture';
import { nextActions, orderActions, transitions, type ActionableOrder, type OrderAction, type OrderProgress } from './transitions';


/** An order at each progress, unpaid, paid at the counter (CASH). */
const unpaid = (progress: OrderProgress): ActionableOrder => ({ progress, paidMinor: 0, refundedMinor: 0, paymentProcessor: 'CASH' });

describe('the order status transitions table', () => {
  // Every progress × every action, for an unpaid cash order: the whole table written out once more, on purpose.
  it.each<[OrderProgress, OrderAction[]]>([
    ['PLACED', ['accept', 'ready', 'complete', 'cancel', 'pay']],
    ['ACCEPTED', ['ready', 'complete', 'cancel', 'pay']],
    ['READY', ['complete', 'cancel', 'pay']],
    ['COMPLETED', ['pay']],
    ['CANCELLED', []],
  ])('given an unpaid cash order %s, when its next actions are asked, then they are %j', (progress, expected) => {
    expect(nextActions(unpaid(progress))).toEqual(expected);
  });

  it.each<[OrderProgress, OrderAction[]]>([
    ['PLACED', ['accept', 'ready', 'complete', 'cancel', 'refund']],
    ['ACCEPTED', ['ready', 'complete', 'cancel', 'refund']],
    ['READY', ['complete', 'cancel', 'refund']],
    ['COMPLETED', ['refund']],
    ['CANCELLED', ['refund']],
  ])('given a paid order %s with money left to refund, when its next actions are asked, then they are %j', (progress, expected) => {
    expect(nextActions({ ...unpaid(progress), paidMinor: 1900, refundedMinor: 400 })).toEqual(expected);
  });

  it('given a fully refunded order, when its next actions are asked, then neither pay nor refund is among them', () => {
    expect(nextActions({ ...unpaid('ACCEPTED'), paidMinor: 1900, refundedMinor: 1900 })).toEqual(['ready', 'complete', 'cancel']);
  });

  it.each(['STRIPE', 'SQUARE'])('given an unpaid %s order, when its next actions are asked, then pay is not among them (the card pays it)', (paymentProcessor) => {
    expect(nextActions({ ...unpaid('PLACED'), paymentProcessor })).toEqual(['accept', 'ready', 'complete', 'cancel']);
  });

  it('given an unpaid pay-later (TBD) order, when its next actions are asked, then pay is among them', () => {
    expect(nextActions({ ...unpaid('READY'), paymentProcessor: 'TBD' })).toEqual(['complete', 'cancel', 'pay']);
  });

  it('given a shown-only status as progress (PAID, REFUNDED), when its next actions are asked, then there are none', () => {
    expect(nextActions({ ...unpaid('PLACED'), progress: 'PAID' })).toEqual([]);
    expect(nextActions({ ...unpaid('PLACED'), progress: 'REFUNDED' })).toEqual([]);
  });
});

describe('the order decider follows the transitions table', () => {
  const reach: Record<OrderProgress, OrderEvent[]> = {
    PLACED: [],
    ACCEPTED: [{ type: 'OrderAccepted', data: { ...ref, by: 'u1' } }],
    READY: [{ type: 'OrderReady', data: ref }],
    COMPLETED: [{ type: 'OrderCompleted', data: ref }],
    CANCELLED: [{ type: 'OrderCancelled', data: { ...ref, by: 'u1', reason: 'Out of nachos' } }],
  };
  const stateAt = (progress: OrderProgress): OrderState =>
    [{ type: 'OrderPlaced', data: placedOrder } as OrderEvent, ...reach[progress]].reduce(orderDecider.evolve, orderDecider.initialState());
  const commandOf: Record<OrderAction, OrderCommand> = {
    accept: { type: 'AcceptOrder', data: { ...ref, by: 'u1' } },
    ready: { type: 'MarkOrderReady', data: ref },
    complete: { type: 'CompleteOrder', data: ref },
    cancel: { type: 'CancelOrder', data: { ...ref, by: 'u1', reason: '' } },
    pay: { type: 'PayOrder', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 1900 } },
    refund: { type: 'RefundOrder', data: { ...ref, refundId: 'r1', title: 'Cold', refundAmountMinor: 100, taxMinor: 0, totalMinor: 100 } },
  };
  const decides = (state: OrderState, command: OrderCommand) => {
    try {
      orderDecider.decide(command, state);
      return true;
    } catch (err) {
      if (isDomainError(err) && err.kind === 'Conflict') return false;
      throw err;
    }
  };
  const cells = (Object.keys(transitions) as OrderProgress[]).flatMap((progress) => orderActions.map((action) => [progress, action] as const));

  it.each(cells)('given an unpaid cash order %s, when %s is decided, then it is taken exactly when nextActions lists it', (progress, action) => {
    const state = stateAt(progress);
    expect(decides(state, commandOf[action])).toBe(nextActions(unpaid(progress)).includes(action));
  });

  it.each(cells)('given a paid order %s, when %s is decided, then it is taken exactly when nextActions lists it', (progress, action) => {
    const paid: OrderEvent = { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 1900 } };
    // Paid first, then moved on (a cancelled cash order keeps its payment until staff refund it).
    const state = [{ type: 'OrderPlaced', data: placedOrder } as OrderEvent, paid, ...reach[progress]].reduce(orderDecider.evolve, orderDecider.initialState());
    expect(decides(state, commandOf[action])).toBe(nextActions({ ...unpaid(progress), paidMinor: 1900 }).includes(action));
  });
});
