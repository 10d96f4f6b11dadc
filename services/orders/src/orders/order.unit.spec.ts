import { spec } from '@seatside/chassis/src/testkit/decider';
import { cardRefundDue, ORDER_CODE_ALPHABET, orderCode, orderDecider, orderMessages as m, refundRecord, type OrderEvent, type PlacedOrder } from './order';
import { placedOrder, ref } from './order-fixture';


const placed: OrderEvent = { type: 'OrderPlaced', data: placedOrder };
const paid: OrderEvent = { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 1900, amountTenderedMinor: 2000, changeDueMinor: 100 } };
const accepted: OrderEvent = { type: 'OrderAccepted', data: { ...ref, by: 'u1' } };
const ready: OrderEvent = { type: 'OrderReady', data: ref };
const completed: OrderEvent = { type: 'OrderCompleted', data: ref };
const cancelled: OrderEvent = { type: 'OrderCancelled', data: { ...ref, by: 'u1', reason: 'Out of nachos' } };
const refundData = (amount: number) => ({ ...ref, refundId: `r${amount}`, title: 'Refund', refundAmountMinor: amount, taxMinor: 0, totalMinor: amount });
const refund = (amount: number): OrderEvent => ({ type: 'OrderRefunded', data: refundData(amount) });

const statusAfter = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState()).status;

describe('the order decider', () => {
  it('given nothing, when an order is placed, then OrderPlaced and the order is PLACED', () => {
    spec(orderDecider).given([]).when({ type: 'PlaceOrder', data: placedOrder }).then([placed]);
    expect(statusAfter([placed])).toBe('PLACED');
  });

  it('given a placed order, when it is placed again, then a conflict', () => {
    spec(orderDecider).given([placed]).when({ type: 'PlaceOrder', data: placedOrder }).thenThrows('Conflict');
  });

  it('given a placed order, when it is paid, then OrderPaid and it shows PAID (seed 001 §3)', () => {
    spec(orderDecider).given([placed]).when({ type: 'PayOrder', data: paid.data }).then([paid]);
    expect(statusAfter([placed, paid])).toBe('PAID');
  });

  it('given a paid order, when it is paid again, then "already paid"', () => {
    spec(orderDecider).given([placed, paid]).when({ type: 'PayOrder', data: paid.data }).thenThrows('Conflict', m.alreadyPaid);
  });

  it('given the lifecycle, then PLACED → ACCEPTED → READY → COMPLETED, payment at any point before cancellation', () => {
    expect(statusAfter([placed, accepted])).toBe('ACCEPTED');
    expect(statusAfter([placed, accepted, paid])).toBe('ACCEPTED');
    expect(statusAfter([placed, paid, accepted, ready])).toBe('READY');
    expect(statusAfter([placed, paid, accepted, ready, completed])).toBe('COMPLETED');
    spec(orderDecider).given([placed, paid, accepted]).when({ type: 'MarkOrderReady', data: ref }).then([ready]);
  });

  it('given an accepted order, when it is accepted again, then "cannot be accepted now"', () => {
    spec(orderDecider).given([placed, accepted]).when({ type: 'AcceptOrder', data: { ...ref, by: 'u1' } }).thenThrows('Conflict', 'This order is accepted and cannot be accepted now');
  });

  it('given a completed or cancelled order, when it is cancelled, then a conflict; a cancelled order cannot be paid', () => {
    spec(orderDecider).given([placed, completed]).when({ type: 'CancelOrder', data: cancelled.data }).thenThrows('Conflict');
    spec(orderDecider).given([placed, cancelled]).when({ type: 'CancelOrder', data: cancelled.data }).thenThrows('Conflict');
    spec(orderDecider).given([placed, cancelled]).when({ type: 'PayOrder', data: paid.data }).thenThrows('Conflict');
    expect(statusAfter([placed, cancelled])).toBe('CANCELLED');
  });

  it('given an order that took stock, when it is cancelled, then OrderCancelled gives that stock back (restock)', () => {
    const stockTaken = [{ productId: 'p1', quantity: 2 }];
    const took: OrderEvent = { type: 'OrderPlaced', data: { ...placedOrder, stockTaken } };
    spec(orderDecider).given([took, accepted]).when({ type: 'CancelOrder', data: cancelled.data }).then([{ type: 'OrderCancelled', data: { ...cancelled.data, restock: stockTaken } }]);
  });

  it('given an order of another merchant, when anything is asked of it, then "Order not found"', () => {
    spec(orderDecider).given([placed]).when({ type: 'AcceptOrder', data: { ...ref, merchantId: 'm2', by: 'u2' } }).thenThrows('NotFound', m.notFound);
  });

  it('given an unpaid order, when it is refunded, then "has not been paid"', () => {
    spec(orderDecider).given([placed]).when({ type: 'RefundOrder', data: refundData(100) }).thenThrows('Conflict', m.notPaid);
  });

  it('given a paid order, when refunds add up to the payment, then it shows REFUNDED; more than what is left is refused', () => {
    const partial = refund(900);
    spec(orderDecider).given([placed, paid]).when({ type: 'RefundOrder', data: refundData(900) }).then([partial]);
    expect(statusAfter([placed, paid, partial])).toBe('PAID');
    spec(orderDecider).given([placed, paid, partial]).when({ type: 'RefundOrder', data: refundData(1001) }).thenThrows('Conflict', m.refundTooLarge);
    expect(statusAfter([placed, paid, partial, refund(1000)])).toBe('REFUNDED');
  });

  it('given a refund already recorded under its refund id, when the same refund comes again (a request decided again after a race), then nothing more is recorded', () => {
    spec(orderDecider).given([placed, paid, refund(200)]).when({ type: 'RefundOrder', data: refundData(200) }).then([]);
    spec(orderDecider).given([placed, paid, refund(200)]).when({ type: 'RefundOrder', data: { ...refundData(200), refundId: 'another' } }).then([{ type: 'OrderRefunded', data: { ...refundData(200), refundId: 'another' } }]);
  });

  describe('a refund asked with an Idempotency-Key that a racing request recorded first (decided again after its append lost)', () => {
    const asked = (amountMinor: number, bodyHash: string, refundId = 'refund-k1') => ({ ...refundData(amountMinor), refundId, request: { key: 'k1', bodyHash } });
    const recorded: OrderEvent = { type: 'OrderRefunded', data: asked(200, 'body-200') };

    it('given the same body, then nothing more is recorded', () => {
      spec(orderDecider).given([placed, paid, recorded]).when({ type: 'RefundOrder', data: asked(200, 'body-200') }).then([]);
    });

    it('given another body (another amount, another refund id), then 409 idempotency_key_reused and nothing is recorded', () => {
      spec(orderDecider).given([placed, paid, recorded]).when({ type: 'RefundOrder', data: asked(300, 'body-300', 'refund-card-2') }).thenThrows('Conflict', 'This Idempotency-Key was already used with a different request');
      expect(() => orderDecider.decide({ type: 'RefundOrder', data: asked(300, 'body-300') }, [placed, paid, recorded].reduce(orderDecider.evolve, orderDecider.initialState()))).toThrow(
        expect.objectContaining({ code: 'idempotency_key_reused' }),
      );
    });

    it('given another key, then it is a refund of its own', () => {
      const other = { ...refundData(300), refundId: 'refund-k2', request: { key: 'k2', bodyHash: 'body-300' } };
      spec(orderDecider).given([placed, paid, recorded]).when({ type: 'RefundOrder', data: other }).then([{ type: 'OrderRefunded', data: other }]);
    });
  });
});

describe('the order decider: card payments', () => {
  const cardOrder: PlacedOrder = { ...placedOrder, paymentProcessor: 'STRIPE' };
  const intent = { paymentProcessor: 'STRIPE' as const, paymentId: 'pi_1', amountMinor: 1900, currency: 'USD', status: 'requires_payment_method' };
  const cardPlaced: OrderEvent = { type: 'OrderPlaced', data: cardOrder };
  const intentCreated: OrderEvent = { type: 'PaymentIntentCreated', data: { ...ref, ...intent } };
  const failure = { ...ref, paymentId: 'pi_1', paymentEventId: 'evt_1', reason: 'Your card was declined.' };
  const cardPaid: OrderEvent = { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', paymentId: 'pi_1', amountPaidMinor: 1900, cardBrand: 'visa', cardLast4: '4242' } };

  it('given nothing, when a card order is placed with its payment intent, then OrderPlaced and PaymentIntentCreated in one decision', () => {
    spec(orderDecider).given([]).when({ type: 'PlaceOrder', data: cardOrder, paymentIntent: intent }).then([cardPlaced, intentCreated]);
  });

  it('given nothing, when a card order comes without its intent (or a cash order with one), then refused', () => {
    spec(orderDecider).given([]).when({ type: 'PlaceOrder', data: cardOrder }).thenThrows('ValidationFailed', m.paymentIntentRequired);
    spec(orderDecider).given([]).when({ type: 'PlaceOrder', data: placedOrder, paymentIntent: intent }).thenThrows('ValidationFailed');
  });

  it('given a card order, when its intent succeeds, then OrderPaid and PAID; another intent\'s payment is refused', () => {
    spec(orderDecider).given([cardPlaced, intentCreated]).when({ type: 'PayOrder', data: cardPaid.data }).then([cardPaid]);
    expect(statusAfter([cardPlaced, intentCreated, cardPaid])).toBe('PAID');
    spec(orderDecider).given([cardPlaced, intentCreated]).when({ type: 'PayOrder', data: { ...cardPaid.data, paymentId: 'pi_2' } }).thenThrows('Conflict', m.notThisOrdersPayment);
  });

  it('given a failed payment, then it is recorded once per processor event, stays PLACED, and nothing once paid', () => {
    const failed: OrderEvent = { type: 'OrderPaymentFailed', data: failure };
    spec(orderDecider).given([cardPlaced, intentCreated]).when({ type: 'RecordPaymentFailure', data: failure }).then([failed]);
    expect(statusAfter([cardPlaced, intentCreated, failed])).toBe('PLACED');
    spec(orderDecider).given([cardPlaced, intentCreated, failed]).when({ type: 'RecordPaymentFailure', data: failure }).then([]);
    spec(orderDecider).given([cardPlaced, intentCreated, failed]).when({ type: 'RecordPaymentFailure', data: { ...failure, paymentEventId: 'evt_2' } }).then([{ ...failed, data: { ...failure, paymentEventId: 'evt_2' } }]);
    spec(orderDecider).given([cardPlaced, intentCreated, cardPaid]).when({ type: 'RecordPaymentFailure', data: { ...failure, paymentEventId: 'evt_3' } }).then([]);
  });

  const stateAfter = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState());
  const cancel = { ...ref, by: 'u1', reason: 'Out of nachos' };
  const cardRefund = (amount: number) => refundRecord({ tax: 0, amountDue: 1900 }, amount, m.cancelledRefundTitle, `re_${amount}`);

  it('given a card-paid order, when it is cancelled with the refund of what is left on the card, then OrderRefunded then OrderCancelled, and it shows REFUNDED', () => {
    const partly: OrderEvent = { type: 'OrderRefunded', data: { ...ref, ...cardRefund(400) } };
    expect(cardRefundDue(stateAfter([cardPlaced, intentCreated, cardPaid, partly]))).toBe(1500);
    const events: OrderEvent[] = [{ type: 'OrderRefunded', data: { ...ref, ...cardRefund(1500) } }, { type: 'OrderCancelled', data: cancel }];
    spec(orderDecider).given([cardPlaced, intentCreated, cardPaid, partly]).when({ type: 'CancelOrder', data: { ...cancel, refund: cardRefund(1500) } }).then(events);
    const after = stateAfter([cardPlaced, intentCreated, cardPaid, partly, ...events]);
    expect([after.status, cardRefundDue(after)]).toEqual(['REFUNDED', 0]);
  });

  it('given a card-paid order, when it is cancelled without its refund, or with another amount, then refused: the money would stay on the card', () => {
    spec(orderDecider).given([cardPlaced, intentCreated, cardPaid]).when({ type: 'CancelOrder', data: cancel }).thenThrows('Conflict', m.cardRefundRequired);
    spec(orderDecider).given([cardPlaced, intentCreated, cardPaid]).when({ type: 'CancelOrder', data: { ...cancel, refund: cardRefund(1000) } }).thenThrows('Conflict', m.cardRefundRequired);
  });

  it('given an unpaid card order or a cash-paid one, then cancelling refunds nothing (cash is handed back by the merchant) and carries no refund', () => {
    expect(cardRefundDue(stateAfter([cardPlaced, intentCreated]))).toBe(0);
    expect(cardRefundDue(stateAfter([placed, paid]))).toBe(0);
    spec(orderDecider).given([placed, paid]).when({ type: 'CancelOrder', data: cancel }).then([{ type: 'OrderCancelled', data: cancel }]);
    spec(orderDecider).given([placed, paid]).when({ type: 'CancelOrder', data: { ...cancel, refund: cardRefund(1900) } }).thenThrows('Conflict', m.cardRefundRequired);
  });

  it('given a cancelled card order, when its payment arrives after all, then it is recorded and owed back to the card; cash is still refused', () => {
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: cancel };
    spec(orderDecider).given([cardPlaced, intentCreated, cancelled]).when({ type: 'PayOrder', data: cardPaid.data }).then([cardPaid]);
    expect(cardRefundDue(stateAfter([cardPlaced, intentCreated, cancelled, cardPaid]))).toBe(1900);
    spec(orderDecider).given([cardPlaced, intentCreated, cancelled]).when({ type: 'PayOrder', data: paid.data }).thenThrows('Conflict', 'This order is cancelled and cannot be paid now');
  });
});

describe('a refund record', () => {
  it('given an order with tax, then the refund\'s tax is its share of the amount due, rounded to the cent', () => {
    expect(refundRecord({ tax: 150, amountDue: 1650 }, 1100, 'Cold pie', 'r1')).toEqual({ refundId: 'r1', title: 'Cold pie', refundAmountMinor: 1100, taxMinor: 100, totalMinor: 1100 });
    expect(refundRecord({ tax: 0, amountDue: 0 }, 100, 'Nothing due', 'r2').taxMinor).toBe(0);
  });
});

describe('order codes', () => {
  it('given random bytes, then six characters without look-alikes', () => {
    const code = orderCode(new Uint8Array([0, 31, 32, 255, 100, 7]));
    expect(code).toHaveLength(6);
    expect([...code].every((c) => ORDER_CODE_ALPHABET.includes(c))).toBe(true);
    expect(code).not.toMatch(/[IO01]/);
    expect(code).toBe('A9A9EH');
  });
});
