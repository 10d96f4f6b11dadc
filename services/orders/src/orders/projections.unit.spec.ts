import type { PlacedOrder } from './order';
import type { StoredEvent } from '@seatside/chassis';
import { evolveOrderDoc, foldPlaced, placedDocOf } from './projections';
import { orderOf } from './views';

const at = '2026-11-22T12:00:00.000Z';
const placed: PlacedOrder = {
  orderId: 'o1', orderCode: 'ABC234', merchantId: 'm', testMode: false, currency: 'USD',
  lineItems: [{ lineItemId: '1', productId: 'p', title: 'Pie', quantity: 2, unitPriceMinor: 450, options: [{ modifierId: 's', optionId: 'l', label: 'Large', additionalCostMinor: 50 }], totalMinor: 900 }],
  fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', statusTokenHash: 'ab',
  billingSummary: { totals: { subtotal: 900, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue: 900 }, fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 } },
  receivedAt: at,
};
const ref = { orderId: 'o1', merchantId: 'm', at };

describe('the orders read model', () => {
  it('given OrderPlaced then OrderPaid, then PAID with the payment, and the API shows major units', () => {
    const doc = evolveOrderDoc(placedDocOf(placed, 1), { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 900, amountTenderedMinor: 1000, changeDueMinor: 100 } }, 2);
    expect([doc.status, doc.progress, doc.paidMinor, doc.version]).toEqual(['PAID', 'PLACED', 900, 2]);
    expect(orderOf(doc)).toMatchObject({
      status: 'PAID', payment: { amountPaid: 9, amountTendered: 10, changeDue: 1 },
      lineItems: [{ unitPrice: 4.5, total: 9, options: [{ label: 'Large', additionalCost: 0.5 }] }],
    });
  });

  it('given a card order, its intent, a declined card, then a success, then the intent and the card are shown', () => {
    const card = placedDocOf({ ...placed, paymentProcessor: 'STRIPE' }, 1);
    const created = evolveOrderDoc(card, { type: 'PaymentIntentCreated', data: { ...ref, paymentProcessor: 'STRIPE', paymentId: 'pi_1', amountMinor: 900, currency: 'USD', status: 'requires_payment_method' } }, 2);
    const declined = evolveOrderDoc(created, { type: 'OrderPaymentFailed', data: { ...ref, paymentId: 'pi_1', paymentEventId: 'evt_1', reason: 'Declined' } }, 3);
    expect(orderOf(declined)).toMatchObject({ status: 'PLACED', paymentIntent: { id: 'pi_1', status: 'requires_payment_method', amount: 900, lastPaymentError: { reason: 'Declined', at } } });
    const paid = evolveOrderDoc(declined, {
      type: 'OrderPaid', data: { ...ref, paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', paymentId: 'pi_1', amountPaidMinor: 900, cardBrand: 'visa', cardLast4: '4242' },
    }, 4);
    expect(orderOf(paid)).toMatchObject({
      status: 'PAID', paymentIntent: { status: 'succeeded' },
      payment: { paymentProcessor: 'STRIPE', paymentMethodType: 'CARD', amountPaid: 9, paymentId: 'pi_1', card: { brand: 'visa', last4: '4242' } },
    });
  });

  it('given a paid order accepted then fully refunded, then ACCEPTED and then REFUNDED with the refund listed', () => {
    const paid = evolveOrderDoc(placedDocOf(placed, 1), { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 900 } }, 2);
    const accepted = evolveOrderDoc(paid, { type: 'OrderAccepted', data: { ...ref, by: 'carol' } }, 3);
    expect([accepted.status, accepted.acceptedBy]).toEqual(['ACCEPTED', 'carol']);
    const refunded = evolveOrderDoc(accepted, { type: 'OrderRefunded', data: { ...ref, refundId: 'r1', title: 'Cold', refundAmountMinor: 900, taxMinor: 0, totalMinor: 900 } }, 4);
    expect(refunded.status).toBe('REFUNDED');
    expect(orderOf(refunded).refunds).toEqual({ r1: { title: 'Cold', total: 9, tax: 0, refundAmount: 9, at } });
  });

  it('given an order in the kitchen refunded in part, then in full, then it stays in the kitchen stage and then leaves it (done), as a cancelled one does', () => {
    const paid = evolveOrderDoc(placedDocOf(placed, 1), { type: 'OrderPaid', data: { ...ref, paymentProcessor: 'CASH', paymentMethodType: 'CASH', amountPaidMinor: 900 } }, 2);
    const refund = (doc: typeof paid, refundId: string, minor: number, version: number) =>
      evolveOrderDoc(doc, { type: 'OrderRefunded', data: { ...ref, refundId, title: 'Cold', refundAmountMinor: minor, taxMinor: 0, totalMinor: minor } }, version);
    const part = refund(paid, 'r1', 400, 3);
    expect([part.status, part.stage]).toEqual(['PAID', 'kitchen']);
    expect(refund(part, 'r2', 500, 4).stage).toBe('done');
    const ready = evolveOrderDoc(paid, { type: 'OrderReady', data: { ...ref } }, 3);
    expect([ready.stage, refund(ready, 'r1', 900, 4).stage]).toEqual(['runner', 'done']);
    expect(evolveOrderDoc(paid, { type: 'OrderCancelled', data: { ...ref, by: 'carol', reason: 'Closed' } }, 3).stage).toBe('done');
  });

  it('given a read with an order placed, its intent and its acceptance, and an event of an older order, then the placed one is folded to what the projection writes and the older one is left to read', () => {
    const stored = (streamVersion: number, type: string, data: unknown): StoredEvent => ({ eventId: `e${streamVersion}${type}`, streamId: `order-${(data as { orderId: string }).orderId}`, streamVersion, globalPosition: 0, type, data, metadata: {}, recordedAt: new Date(at) });
    const card = { ...placed, paymentProcessor: 'STRIPE' as const };
    const intent = { ...ref, paymentProcessor: 'STRIPE' as const, paymentId: 'pi_1', amountMinor: 900, currency: 'USD', status: 'requires_payment_method' };
    const older = stored(4, 'OrderReady', { ...ref, orderId: 'o0' });

    const { placed: folded, others } = foldPlaced([stored(1, 'OrderPlaced', card), stored(2, 'PaymentIntentCreated', intent), older, stored(3, 'OrderAccepted', { ...ref, by: 'u' })]);

    const expected = evolveOrderDoc(evolveOrderDoc(placedDocOf(card, 1), { type: 'PaymentIntentCreated', data: intent }, 2), { type: 'OrderAccepted', data: { ...ref, by: 'u' } }, 3);
    expect([...folded.values()]).toEqual([expected]);
    expect(expected).toMatchObject({ status: 'ACCEPTED', version: 3, paymentIntent: { paymentId: 'pi_1' } });
    expect(others).toEqual([older]);
  });
});
