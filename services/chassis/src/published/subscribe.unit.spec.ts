import { create, toBinary } from '@bufbuild/protobuf';
import { catalogV1 } from '@seatside/proto';
import type { Tx } from '../db';
import type { StoredEvent } from '../eventstore/types';
import { subscriptionOverPublished } from './subscribe';

describe('a subscription over a published stream', () => {
  const row = (n: number): StoredEvent => ({
    eventId: `e${n}`,
    streamId: `product-${n}`,
    streamVersion: 0,
    globalPosition: n,
    type: catalogV1.ProductCreatedSchema.typeName,
    data: toBinary(catalogV1.ProductCreatedSchema, create(catalogV1.ProductCreatedSchema, { product: { productId: `p${n}`, title: `Dish ${n}` } })),
    metadata: {},
    recordedAt: new Date(0),
  });
  const tx = {} as Tx;

  it('given a consumer told when its read committed, then it is told the very messages its handler was given (each row decoded once)', async () => {
    const handled: unknown[] = [];
    const told: unknown[] = [];
    const options = subscriptionOverPublished({
      name: 'dishes',
      source: 'catalog',
      messages: [catalogV1.ProductCreatedSchema],
      handle: async (message) => void handled.push(message),
      committed: (delivered) => void told.push(...delivered.map((d) => d.message)),
    });
    const read = [row(1), row(2)];
    for (const event of read) await options.handle!(event, tx);
    options.committed!(read);

    expect(handled.map((m) => (m as catalogV1.ProductCreated).product?.title)).toEqual(['Dish 1', 'Dish 2']);
    expect(told).toHaveLength(2);
    told.forEach((message, i) => expect(message).toBe(handled[i]));
  });
});
