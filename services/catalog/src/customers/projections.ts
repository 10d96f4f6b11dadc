import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import type { Customer, CustomerEvent } from './customer';

/** Sortable by every customer column; `q` searches first name, last name and e-mail (docs/catalog-api.md). */
export const customers: CollectionSpec = {
  name: 'customers',
  sortable: ['firstName', 'lastName', 'email', 'phone', 'createdAt', 'updatedAt'],
  searchable: ['firstName', 'lastName', 'email'],
  filterable: ['merchantId', 'testMode'],
};

/** `version` is the stream version, sent as the ETag for If-Match. */
export type CustomerDoc = Omit<Customer, 'customerId'> & { id: string; version: number };

export const projectCustomers =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<CustomerDoc>(customers, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as CustomerEvent;
      switch (event.type) {
        case 'CustomerCreated':
        case 'CustomerUpdated': {
          const { customerId, ...customer } = event.data;
          await docs.put({ id: customerId, ...customer, version: stored.streamVersion });
          break;
        }
        case 'CustomerDeleted':
          await docs.delete(event.data.customerId);
          break;
      }
    }
  };
