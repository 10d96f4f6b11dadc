import { create, fromBinary, toBinary, toJson, fromJson, equals } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  catalogV1,
  commonV1,
  ordersV1,
  registry,
  integrationEvents,
  webhookEventCatalogue,
  webhookEventOf,
} from '../gen';

function orderPlaced(): ordersV1.OrderPlaced {
  return create(ordersV1.OrderPlacedSchema, {
    envelope: {
      eventId: '0b9c7d7e-5d0e-4a47-9f43-0a3c2b1f2e11',
      occurredAt: timestampFromDate(new Date('2025-05-01T18:30:00.123Z')),
      tenantId: 'm_42',
      tenantCollection: commonV1.TenantCollection.MERCHANTS,
      testMode: true,
      correlationId: 'req-1',
      streamId: 'order-o_1',
      streamVersion: 1n,
    },
    orderId: 'o_1',
    orderCode: 'A12',
    merchantId: 'm_42',
    fulfillmentType: ordersV1.FulfillmentType.TAG,
    location: { tagId: 't_9', tagCode: 'XK2P', name: 'Section 112 Seat 4', metadata: { section: '112', seat: '4' } },
    lineItems: [
      {
        lineItemId: 'li_1',
        productId: 'p_1',
        title: 'Hot dog',
        quantity: 2,
        unitPriceMinor: 650n,
        options: [{ modifierId: 'mod_1', optionId: 'opt_1', label: 'Extra mustard', quantity: 1, additionalCostMinor: 50n }],
        totalMinor: 1400n,
      },
    ],
    billingSummary: {
      currency: 'USD',
      totals: { subtotalMinor: 1400n, taxMinor: 124n, tipMinor: 200n, amountDueMinor: 1724n },
      fees: { convenienceFeeMinor: 0n },
    },
    paymentProcessor: ordersV1.PaymentProcessor.STRIPE,
    receivedAt: timestampFromDate(new Date('2025-05-01T18:30:00.000Z')),
  });
}

describe('OrderPlaced', () => {
  it('survives a binary round trip', () => {
    const event = orderPlaced();
    const bytes = toBinary(ordersV1.OrderPlacedSchema, event);
    expect(bytes.byteLength).toBeGreaterThan(0);
    const back = fromBinary(ordersV1.OrderPlacedSchema, bytes);
    expect(equals(ordersV1.OrderPlacedSchema, back, event)).toBe(true);
    expect(back.envelope?.tenantId).toBe('m_42');
    expect(back.envelope?.testMode).toBe(true);
    expect(back.billingSummary?.currency).toBe('USD');
    expect(back.billingSummary?.totals?.amountDueMinor).toBe(1724n);
    expect(back.lineItems[0]?.options[0]?.label).toBe('Extra mustard');
    expect(back.location?.metadata).toEqual({ section: '112', seat: '4' });
  });

  it('survives a JSON round trip with int64 money as strings', () => {
    const event = orderPlaced();
    const json = toJson(ordersV1.OrderPlacedSchema, event);
    expect(json).toMatchObject({ billingSummary: { currency: 'USD', totals: { amountDueMinor: '1724' } } });
    const back = fromJson(ordersV1.OrderPlacedSchema, json);
    expect(equals(ordersV1.OrderPlacedSchema, back, event)).toBe(true);
  });

  it('is resolvable by type name and maps to the order.created webhook', () => {
    expect(registry.getMessage('seatside.orders.v1.OrderPlaced')).toBe(ordersV1.OrderPlacedSchema);
    expect(webhookEventOf(ordersV1.OrderPlacedSchema)).toBe('order.created');
  });
});

describe('contracts', () => {
  it('every integration event carries the envelope as field 1', () => {
    expect(integrationEvents.length).toBeGreaterThan(40);
    for (const schema of integrationEvents) {
      expect(schema.fields[0]?.name).toBe('envelope');
    }
  });

  it('has a contract for every event of an order (services/orders/src/orders/order.ts); the payment attempts are internal, not webhooks', () => {
    const names = ['OrderPlaced', 'PaymentIntentCreated', 'OrderPaymentFailed', 'OrderPaid', 'OrderAccepted', 'OrderReady', 'OrderCompleted', 'OrderCancelled', 'OrderRefunded'];
    for (const name of names) expect(registry.getMessage(`seatside.orders.v1.${name}`)).toBeDefined();
    expect(webhookEventOf(ordersV1.PaymentIntentCreatedSchema)).toBeUndefined();
    expect(webhookEventOf(ordersV1.OrderPaymentFailedSchema)).toBeUndefined();
  });

  it('derives the webhook event catalogue from the message options', () => {
    const values = webhookEventCatalogue.map((e) => e.value);
    expect(values).toEqual(expect.arrayContaining(['product.created', 'product.updated', 'tag.deleted', 'order.refunded']));
    expect(new Set(values).size).toBe(values.length);
    expect(webhookEventCatalogue.find((e) => e.value === 'product.created')).toMatchObject({
      name: 'Product created',
      typeName: 'seatside.catalog.v1.ProductCreated',
    });
    expect(webhookEventOf(catalogV1.ProductSchema)).toBeUndefined();
  });
});
