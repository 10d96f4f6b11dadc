import { spec } from '@seatside/chassis/src/testkit/decider';
import { customerDecider, type Customer, type CustomerCommand, type CustomerEvent, type CustomerFields } from './customer';

const at = '2026-11-22T12:00:00.000Z';
const later = '2026-11-23T09:30:00.000Z';
const fields: CustomerFields = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', metadata: [{ key: 'Seat', value: '2C' }] };
const customer: Customer = { ...fields, customerId: 'u1', merchantId: 'm1', testMode: true, createdAt: at, updatedAt: at };
const created: CustomerEvent = { type: 'CustomerCreated', data: customer };

describe('customer decider', () => {
  it('given nothing, when a customer is created, then CustomerCreated with the whole record', () => {
    spec(customerDecider).given([]).when({ type: 'CreateCustomer', data: { ...fields, customerId: 'u1', merchantId: 'm1', testMode: true, at } }).then([created]);
  });

  it('given a customer, when the phone changes, then CustomerUpdated with the whole record', () => {
    spec(customerDecider)
      .given([created])
      .when({ type: 'UpdateCustomer', data: { customerId: 'u1', merchantId: 'm1', changes: { phone: '+1 555 0100' }, at: later } })
      .then([{ type: 'CustomerUpdated', data: { ...customer, phone: '+1 555 0100', updatedAt: later } }]);
  });

  it('given a customer, when deleted, then CustomerDeleted', () => {
    spec(customerDecider)
      .given([created])
      .when({ type: 'DeleteCustomer', data: { customerId: 'u1', merchantId: 'm1', at: later } })
      .then([{ type: 'CustomerDeleted', data: { customerId: 'u1', merchantId: 'm1', testMode: true, at: later } }]);
  });

  it.each<[string, CustomerEvent[], CustomerCommand]>([
    ['nothing, when updated', [], { type: 'UpdateCustomer', data: { customerId: 'u1', merchantId: 'm1', changes: {}, at } }],
    ['another merchant’s customer, when deleted', [created], { type: 'DeleteCustomer', data: { customerId: 'u1', merchantId: 'm2', at } }],
    ['a deleted customer, when deleted', [created, { type: 'CustomerDeleted', data: { customerId: 'u1', merchantId: 'm1', testMode: true, at } }], { type: 'DeleteCustomer', data: { customerId: 'u1', merchantId: 'm1', at } }],
  ])('given %s, then "Customer not found"', (_, given, command) => {
    spec(customerDecider).given(given).when(command).thenThrows('NotFound', 'Customer not found');
  });

  it('given a customer, when created again, then a conflict', () => {
    spec(customerDecider).given([created]).when({ type: 'CreateCustomer', data: { ...fields, customerId: 'u1', merchantId: 'm1', testMode: true, at } }).thenThrows('Conflict');
  });
});
