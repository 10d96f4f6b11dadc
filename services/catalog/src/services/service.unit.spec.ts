import { spec } from '@seatside/chassis/src/testkit/decider';
import { serviceDecider, type ServiceEvent } from './service';
import { sortByCallerOrder } from './order';

const at = '2026-11-22T12:00:00.000Z';
const fields = { title: 'Haircut', description: '', priceMinor: 3000, duration: 30, images: [], visible: true, taxable: false, taxRate: 0, useCustomTaxRate: false };
const created: ServiceEvent = { type: 'ServiceCreated', data: { serviceId: 's1', merchantId: 'm1', testMode: false, ...fields, at } };

describe('service decider', () => {
  it('given nothing, when a service is created, then ServiceCreated; again, then a conflict', () => {
    spec(serviceDecider).given([]).when({ type: 'CreateService', data: created.data }).then([created]);
    spec(serviceDecider).given([created]).when({ type: 'CreateService', data: created.data }).thenThrows('Conflict');
  });

  it('given a service, when updated, then ServiceUpdated with its merchant and mode', () => {
    spec(serviceDecider)
      .given([created])
      .when({ type: 'UpdateService', data: { serviceId: 's1', merchantId: 'm1', duration: 45, at } })
      .then([{ type: 'ServiceUpdated', data: { serviceId: 's1', merchantId: 'm1', testMode: false, duration: 45, at } }]);
  });

  it('given a service of another merchant, or a deleted one, then "Service not found"', () => {
    spec(serviceDecider).given([created]).when({ type: 'UpdateService', data: { serviceId: 's1', merchantId: 'm2', at } }).thenThrows('NotFound', 'Service not found');
    const deleted: ServiceEvent = { type: 'ServiceDeleted', data: { serviceId: 's1', merchantId: 'm1', testMode: false, at } };
    spec(serviceDecider).given([created]).when({ type: 'DeleteService', data: { serviceId: 's1', merchantId: 'm1', at } }).then([deleted]);
    spec(serviceDecider).given([created, deleted]).when({ type: 'DeleteService', data: { serviceId: 's1', merchantId: 'm1', at } }).thenThrows('NotFound', 'Service not found');
  });
});

describe('caller order', () => {
  const doc = (id: string, createdAt: string) => ({ id, createdAt });
  it('puts the ids the caller placed first, in their order, then the rest by createdAt', () => {
    const docs = [doc('a', '2026-01-01'), doc('b', '2026-01-03'), doc('c', '2026-01-02'), doc('d', '2026-01-04')];
    expect(sortByCallerOrder(docs, ['d', 'gone', 'b']).map((d) => d.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(sortByCallerOrder(docs, []).map((d) => d.id)).toEqual(['a', 'c', 'b', 'd']);
  });
});
