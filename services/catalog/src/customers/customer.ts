import { conflict, notFound, type Decider } from '@seatside/chassis';

/** Seed 001 §5 and §8: the customer screens' strings. */
export const customerMessages = {
  firstNameRequired: 'Required',
  emailRequired: 'Required',
  notFound: 'Customer not found',
  created: 'Customer Created',
  updated: 'Customer Updated',
  deleted: 'Customer Deleted',
} as const;

/** What a merchant edits (seed 001 §3); `metadata` is a free-form list, in order. */
export type CustomerFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  metadata: { key: string; value: string }[];
};

/** The whole record: Created and Updated events carry it, so a consumer upserts the snapshot. */
export type Customer = CustomerFields & { customerId: string; merchantId: string; testMode: boolean; createdAt: string; updatedAt: string };

export type CustomerEvent =
  | { type: 'CustomerCreated'; data: Customer }
  | { type: 'CustomerUpdated'; data: Customer }
  | { type: 'CustomerDeleted'; data: { customerId: string; merchantId: string; testMode: boolean; at: string } };

export type CustomerCommand =
  | { type: 'CreateCustomer'; data: CustomerFields & { customerId: string; merchantId: string; testMode: boolean; at: string } }
  | { type: 'UpdateCustomer'; data: { customerId: string; merchantId: string; changes: Partial<CustomerFields>; at: string } }
  | { type: 'DeleteCustomer'; data: { customerId: string; merchantId: string; at: string } };

export type CustomerState = { status: 'none' } | { status: 'live'; customer: Customer } | { status: 'deleted' };

/** The live customer of this merchant, or NotFound: another merchant's customer id is not found either. */
function liveCustomer(state: CustomerState, merchantId: string): Customer {
  if (state.status !== 'live' || state.customer.merchantId !== merchantId) throw notFound(customerMessages.notFound);
  return state.customer;
}

export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateCustomer': {
        if (state.status !== 'none') throw conflict('This customer already exists');
        const { at, ...customer } = command.data;
        return [{ type: 'CustomerCreated', data: { ...customer, createdAt: at, updatedAt: at } }];
      }
      case 'UpdateCustomer': {
        const customer = liveCustomer(state, command.data.merchantId);
        return [{ type: 'CustomerUpdated', data: { ...customer, ...command.data.changes, updatedAt: command.data.at } }];
      }
      case 'DeleteCustomer': {
        const { customerId, merchantId, testMode } = liveCustomer(state, command.data.merchantId);
        return [{ type: 'CustomerDeleted', data: { customerId, merchantId, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'CustomerCreated':
      case 'CustomerUpdated':
        return { status: 'live', customer: event.data };
      case 'CustomerDeleted':
        return { status: 'deleted' };
    }
  },
};

export const customerStream = (customerId: string) => `customer-${customerId}`;
