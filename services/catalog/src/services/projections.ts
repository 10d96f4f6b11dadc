import type { CollectionSpec, InlineProjection, ReadModelStore } from '@seatside/chassis';
import { toMajor } from '../entities';
import type { ServiceEvent, ServiceFields } from './service';

export const services: CollectionSpec = {
  name: 'services',
  sortable: ['title', 'description', 'price', 'duration', 'visible', 'createdAt', 'updatedAt'],
  searchable: ['title'],
  filterable: ['merchantId', 'testMode'],
};

/**
 * Each user's display order of a merchant's services (seed 001 §7: users/{uid}/services sorted by
 * order). A preference, not a domain fact: a plain document per `${merchantId}:${uid}`.
 */
export const serviceOrders: CollectionSpec = { name: 'service_orders' };

export type ServiceOrderDoc = { id: string; merchantId: string; uid: string; ids: string[]; updatedAt: string };

export const serviceOrderId = (merchantId: string, uid: string) => `${merchantId}:${uid}`;

/** The record as the API shows it: price in major units. `version` is the stream version (ETag). */
export type ServiceDoc = Omit<ServiceFields, 'priceMinor'> & {
  id: string;
  merchantId: string;
  testMode: boolean;
  price: number;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export const projectServices =
  (readModels: ReadModelStore): InlineProjection =>
  async (events, tx) => {
    const collection = readModels.collection<ServiceDoc>(services, tx);
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as ServiceEvent;
      switch (event.type) {
        case 'ServiceCreated': {
          const { serviceId, at, priceMinor, ...fields } = event.data;
          await collection.put({ id: serviceId, ...fields, price: toMajor(priceMinor), createdAt: at, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'ServiceUpdated': {
          const { serviceId, at, priceMinor, merchantId: _m, testMode: _t, ...changes } = event.data;
          const price = priceMinor === undefined ? {} : { price: toMajor(priceMinor) };
          await collection.patch(serviceId, { ...changes, ...price, updatedAt: at, version: stored.streamVersion });
          break;
        }
        case 'ServiceDeleted':
          await collection.delete(event.data.serviceId);
          break;
      }
    }
  };
