import { spec } from '@seatside/chassis/src/testkit/decider';
import { productDecider, type ProductEvent } from './product';

const at = '2026-11-22T12:00:00.000Z';
const later = '2026-11-22T13:00:00.000Z';
const fields = { title: 'Margherita', description: '', priceMinor: 1250, manageStock: false, stockQuantity: 0, images: [], code: 'PZ-1', modifiers: [] };
const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'p1', merchantId: 'm1', testMode: true, ...fields, at } };

describe('product decider', () => {
  it('given nothing, when a product is created, then ProductCreated with its merchant and mode', () => {
    spec(productDecider).given([]).when({ type: 'CreateProduct', data: created.data }).then([created]);
  });

  it('given a product, when it is created again, then a conflict', () => {
    spec(productDecider).given([created]).when({ type: 'CreateProduct', data: created.data }).thenThrows('Conflict');
  });

  it('given a sandbox product, when it is updated, then ProductUpdated keeps its merchant and sandbox mode', () => {
    spec(productDecider)
      .given([created])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', merchantId: 'm1', priceMinor: 1300, at: later } })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', merchantId: 'm1', testMode: true, priceMinor: 1300, at: later } }]);
  });

  it('given a product of another merchant, when it is updated or deleted, then "Product not found"', () => {
    spec(productDecider).given([created]).when({ type: 'UpdateProduct', data: { productId: 'p1', merchantId: 'm2', title: 'Mine', at } }).thenThrows('NotFound', 'Product not found');
    spec(productDecider).given([created]).when({ type: 'DeleteProduct', data: { productId: 'p1', merchantId: 'm2', at } }).thenThrows('NotFound', 'Product not found');
  });

  it('given a product, when it is deleted, then ProductDeleted; when deleted again, then not found', () => {
    const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', merchantId: 'm1', testMode: true, at: later } };
    spec(productDecider).given([created]).when({ type: 'DeleteProduct', data: { productId: 'p1', merchantId: 'm1', at: later } }).then([deleted]);
    spec(productDecider).given([created, deleted]).when({ type: 'DeleteProduct', data: { productId: 'p1', merchantId: 'm1', at } }).thenThrows('NotFound', 'Product not found');
  });

  it('given an updated product, when it is updated again, then the earlier change is folded in (the state is live)', () => {
    const updated: ProductEvent = { type: 'ProductUpdated', data: { productId: 'p1', merchantId: 'm1', testMode: true, title: 'Marinara', at: later } };
    spec(productDecider)
      .given([created, updated])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', merchantId: 'm1', stockQuantity: 3, manageStock: true, at: later } })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', merchantId: 'm1', testMode: true, stockQuantity: 3, manageStock: true, at: later } }]);
  });

  it('given a managed product with 5, when an order takes 2 then two orders take 3 and 1, then ProductStockReduced leaves 3, then 0 (never below) naming both orders', () => {
    const managed: ProductEvent = { type: 'ProductCreated', data: { ...created.data, manageStock: true, stockQuantity: 5 } } as ProductEvent;
    const take = (...orders: { orderId: string; quantity: number }[]) => ({ type: 'ReduceStock' as const, data: { productId: 'p1', merchantId: 'm1', orders, at: later } });
    const first: ProductEvent = { type: 'ProductStockReduced', data: { productId: 'p1', merchantId: 'm1', testMode: true, quantity: 2, stockQuantity: 3, orders: [{ orderId: 'o1', quantity: 2 }], at: later } };
    spec(productDecider).given([managed]).when(take({ orderId: 'o1', quantity: 2 })).then([first]);
    const both = [{ orderId: 'o2', quantity: 3 }, { orderId: 'o3', quantity: 1 }];
    spec(productDecider).given([managed, first]).when(take(...both)).then([{ type: 'ProductStockReduced', data: { ...first.data, quantity: 4, stockQuantity: 0, orders: both } } as ProductEvent]);
  });

  it('given a reduction written before reductions were batched (one order, orderId), then it still sets the stock', () => {
    const managed: ProductEvent = { type: 'ProductCreated', data: { ...created.data, manageStock: true, stockQuantity: 5 } } as ProductEvent;
    const old: ProductEvent = { type: 'ProductStockReduced', data: { productId: 'p1', merchantId: 'm1', testMode: true, quantity: 2, stockQuantity: 3, orderId: 'o1', at: later } };
    expect([managed, old].reduce(productDecider.evolve, productDecider.initialState())).toMatchObject({ stockQuantity: 3 });
  });

  it('given a managed product with 0 left, when a cancelled order gives 2 back, then ProductStockRestored leaves 2; an unmanaged or other merchant\'s product gets nothing', () => {
    const soldOut: ProductEvent = { type: 'ProductCreated', data: { ...created.data, manageStock: true, stockQuantity: 0 } } as ProductEvent;
    const giveBack = (merchantId: string) => ({ type: 'RestoreStock' as const, data: { productId: 'p1', merchantId, quantity: 2, orderId: 'o1', at: later } });
    const restored: ProductEvent = { type: 'ProductStockRestored', data: { productId: 'p1', merchantId: 'm1', testMode: true, quantity: 2, stockQuantity: 2, orderId: 'o1', at: later } };
    spec(productDecider).given([soldOut]).when(giveBack('m1')).then([restored]);
    expect([soldOut, restored].reduce(productDecider.evolve, productDecider.initialState())).toMatchObject({ stockQuantity: 2 });
    spec(productDecider).given([created]).when(giveBack('m1')).then([]);
    spec(productDecider).given([soldOut]).when(giveBack('m2')).then([]);
  });

  it('given an unmanaged, deleted or other merchant\'s product, when an order takes it, then nothing', () => {
    const take = (merchantId: string) => ({ type: 'ReduceStock' as const, data: { productId: 'p1', merchantId, orders: [{ orderId: 'o1', quantity: 1 }], at } });
    spec(productDecider).given([created]).when(take('m1')).then([]);
    spec(productDecider).given([{ type: 'ProductDeleted', data: { productId: 'p1', merchantId: 'm1', testMode: true, at } }]).when(take('m1')).then([]);
    spec(productDecider).given([{ ...created, data: { ...created.data, manageStock: true, stockQuantity: 5 } } as ProductEvent]).when(take('m2')).then([]);
  });

  it('given nothing, when a product is updated, then not found', () => {
    spec(productDecider).given([]).when({ type: 'UpdateProduct', data: { productId: 'p1', merchantId: 'm1', at } }).thenThrows('NotFound', 'Product not found');
  });
});
