import type { PlacedOrder } from './order';

/** The decider specs' one placed order: two Nachos, pickup at the counter, cash, in the sandbox. */
const at = '2026-11-22T12:00:00.000Z';
export const ref = { orderId: 'o1', merchantId: 'm1', at };

export const placedOrder: PlacedOrder = {
  ...ref,
  orderCode: 'K7PX2M',
  testMode: true,
  currency: 'USD',
  lineItems: [{ lineItemId: 'l1', productId: 'p1', title: 'Nachos', quantity: 2, unitPriceMinor: 950, options: [], totalMinor: 1900 }],
  fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' },
  paymentProcessor: 'CASH',
  billingSummary: {
    totals: { subtotal: 1900, discounts: 0, tax: 0, tip: 0, cashAmount: 0, amountDue: 1900 },
    fees: { deliveryFee: 0, tagDeliveryFee: 0, convenienceFee: 0, processingFeeToBePaidByCustomer: 0, platformFeeToByPaidByCustomer: 0 },
  },
  receivedAt: at,
};
