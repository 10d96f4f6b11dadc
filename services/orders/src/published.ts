import { protoTimestamp as time, publication, published, type Publications } from '@seatside/chassis';
import { commonV1, ordersV1 } from '@seatside/proto';
import type { OrderEvent, PlacedOrder } from './orders/order';

/**
 * The orders service's published stream (docs/ARCHITECTURE.md, Published streams): one pure
 * mapping per domain event to `seatside.orders.v1`, from the order as it stands right after the
 * event. Every message carries the billing summary after it; the tenant is the fulfilling merchant.
 */

/** What the messages need of an order, folded from its stream. */
export type OrderRecord = { placed?: PlacedOrder; paidMinor: number; refundedMinor: number };

export const orderRecordFold = {
  initialState: (): OrderRecord => ({ paidMinor: 0, refundedMinor: 0 }),
  evolve(state: OrderRecord, event: OrderEvent): OrderRecord {
    switch (event.type) {
      case 'OrderPlaced':
        return { ...state, placed: event.data };
      case 'OrderPaid':
        return { ...state, paidMinor: event.data.amountPaidMinor };
      case 'OrderRefunded':
        return { ...state, refundedMinor: state.refundedMinor + event.data.refundAmountMinor };
      default:
        return state;
    }
  },
};

const fulfillmentTypes: Record<string, ordersV1.FulfillmentType> = {
  DELIVERY: ordersV1.FulfillmentType.DELIVERY,
  PICKUP: ordersV1.FulfillmentType.PICKUP,
  SELF_CHECKOUT: ordersV1.FulfillmentType.SELF_CHECKOUT,
  TAG: ordersV1.FulfillmentType.TAG,
  TAB: ordersV1.FulfillmentType.TAB,
};
const processors: Record<string, ordersV1.PaymentProcessor> = {
  CASH: ordersV1.PaymentProcessor.CASH,
  STRIPE: ordersV1.PaymentProcessor.STRIPE,
  SQUARE: ordersV1.PaymentProcessor.SQUARE,
  TBD: ordersV1.PaymentProcessor.TBD,
};
const methods: Record<string, ordersV1.PaymentMethodType> = { CASH: ordersV1.PaymentMethodType.CASH, CARD: ordersV1.PaymentMethodType.CARD };

const n = (value: number | undefined) => BigInt(Math.trunc(value ?? 0));

const envelopeOf = (order: PlacedOrder) => ({ tenantId: order.merchantId, testMode: order.testMode, tenantCollection: commonV1.TenantCollection.MERCHANTS });

function billingSummaryOf(record: OrderRecord) {
  const { billingSummary: b, currency } = record.placed!;
  return {
    currency,
    totals: {
      subtotalMinor: n(b.totals.subtotal),
      discountsMinor: n(b.totals.discounts),
      taxMinor: n(b.totals.tax),
      tipMinor: n(b.totals.tip),
      cashAmountMinor: n(b.totals.cashAmount),
      amountDueMinor: n(b.totals.amountDue),
      realizedTotalMinor: n(record.paidMinor - record.refundedMinor),
      amountRefundedMinor: n(record.refundedMinor),
    },
    fees: {
      deliveryFeeMinor: n(b.fees.deliveryFee),
      convenienceFeeMinor: n(b.fees.convenienceFee),
      processingFeeMinor: n(b.fees.processingFeeToBePaidByCustomer),
      platformFeeMinor: n(b.fees.platformFeeToByPaidByCustomer),
    },
  };
}

/** The order's reference fields every lifecycle message shares. */
const refOf = (record: OrderRecord) => ({ envelope: envelopeOf(record.placed!), orderId: record.placed!.orderId, orderCode: record.placed!.orderCode, billingSummary: billingSummaryOf(record) });

export const orderPublication = publication<OrderEvent, OrderRecord>({
  streamPrefix: 'order-',
  decider: orderRecordFold,
  map: {
    OrderPlaced: (_event, record) => {
      const o = record.placed!;
      return published(ordersV1.OrderPlacedSchema, {
        envelope: envelopeOf(o),
        orderId: o.orderId,
        orderCode: o.orderCode,
        merchantId: o.merchantId,
        fulfillmentType: fulfillmentTypes[o.fulfillment.type] ?? ordersV1.FulfillmentType.UNSPECIFIED,
        customer: o.customer ? { uid: o.customer.uid ?? '', firstName: o.customer.firstName, lastName: o.customer.lastName, email: o.customer.email, phone: o.customer.phone } : undefined,
        location: o.location ? { tagId: o.location.tagId, name: o.location.name, metadata: Object.fromEntries(o.location.metadata.map((m) => [m.key, m.value])) } : undefined,
        lineItems: o.lineItems.map((line) => ({
          lineItemId: line.lineItemId,
          productId: line.productId,
          title: line.title,
          quantity: line.quantity,
          unitPriceMinor: n(line.unitPriceMinor),
          options: line.options.map((opt) => ({ modifierId: opt.modifierId, optionId: opt.optionId, label: opt.label, quantity: 1, additionalCostMinor: n(opt.additionalCostMinor) })),
          totalMinor: n(line.totalMinor),
        })),
        billingSummary: billingSummaryOf(record),
        couponCodes: o.couponCode ? [o.couponCode] : [],
        paymentProcessor: processors[o.paymentProcessor] ?? ordersV1.PaymentProcessor.UNSPECIFIED,
        receivedAt: time(o.receivedAt),
        tagId: o.tagId ?? o.location?.tagId ?? '',
        pickupMethod: o.fulfillment.pickupMethod ?? '',
        pickupTime: time(o.fulfillment.pickupTime),
      });
    },
    PaymentIntentCreated: ({ data }, record) =>
      record.placed
        ? published(ordersV1.PaymentIntentCreatedSchema, {
            envelope: envelopeOf(record.placed),
            orderId: data.orderId,
            paymentProcessor: processors[data.paymentProcessor] ?? ordersV1.PaymentProcessor.UNSPECIFIED,
            paymentId: data.paymentId,
            amountMinor: n(data.amountMinor),
            currency: data.currency,
            status: data.status,
          })
        : undefined,
    OrderPaymentFailed: ({ data }, record) =>
      record.placed
        ? published(ordersV1.OrderPaymentFailedSchema, { envelope: envelopeOf(record.placed), orderId: data.orderId, paymentId: data.paymentId, paymentEventId: data.paymentEventId, reason: data.reason })
        : undefined,
    OrderPaid: ({ data }, record) =>
      record.placed
        ? published(ordersV1.OrderPaidSchema, {
            ...refOf(record),
            paymentProcessor: processors[data.paymentProcessor] ?? ordersV1.PaymentProcessor.UNSPECIFIED,
            paymentMethodType: methods[data.paymentMethodType] ?? ordersV1.PaymentMethodType.UNSPECIFIED,
            paymentId: data.paymentId ?? '',
            amountPaidMinor: n(data.amountPaidMinor),
            amountTenderedMinor: n(data.amountTenderedMinor),
            changeDueMinor: n(data.changeDueMinor),
            cardBrand: data.cardBrand ?? '',
            cardLast4: data.cardLast4 ?? '',
            paidAt: time(data.at),
          })
        : undefined,
    OrderAccepted: ({ data }, record) => (record.placed ? published(ordersV1.OrderAcceptedSchema, { ...refOf(record), acceptedBy: data.by }) : undefined),
    OrderReady: (_event, record) => (record.placed ? published(ordersV1.OrderReadySchema, refOf(record)) : undefined),
    OrderCompleted: (_event, record) => (record.placed ? published(ordersV1.OrderCompletedSchema, refOf(record)) : undefined),
    OrderCancelled: ({ data }, record) =>
      record.placed
        ? published(ordersV1.OrderCancelledSchema, {
            ...refOf(record),
            reason: data.reason,
            cancelledBy: data.by,
            restock: (data.restock ?? []).map((line) => ({ productId: line.productId, quantity: n(line.quantity) })),
          })
        : undefined,
    OrderRefunded: ({ data }, record) =>
      record.placed
        ? published(ordersV1.OrderRefundedSchema, {
            ...refOf(record),
            refundId: data.refundId,
            title: data.title,
            refundAmountMinor: n(data.refundAmountMinor),
            taxMinor: n(data.taxMinor),
            totalMinor: n(data.totalMinor),
            fullyRefunded: record.paidMinor > 0 && record.refundedMinor >= record.paidMinor,
          })
        : undefined,
  },
});

/** Raise `version` when a mapping starts publishing events it did not before (chassis Publications). */
export const ordersPublications: Publications = { version: 1, streams: [orderPublication] };
