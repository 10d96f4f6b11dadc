import { MAX_AMOUNT_TEXT, conflict, notFound, type Decider } from '@seatside/chassis';

/** Seed 001 §5 and §8, exactly; reused by the router and the specs. */
export const serviceMessages = {
  titleRequired: 'Service name is required',
  priceRequired: 'Service price is required',
  pricePositive: 'Price must be positive',
  priceTooPrecise: 'Price must have at most 2 decimal places',
  priceTooLarge: `Price must be at most ${MAX_AMOUNT_TEXT}`,
  durationRequired: 'Service duration is required',
  durationPositive: 'Duration must be positive',
  taxRateInvalid: 'Tax rate must be a number of 0 or more',
  idsInvalid: 'ids must be a list of service ids',
  notFound: 'Service not found',
  created: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'item has been deleted',
  orderSaved: 'Order saved',
} as const;

/** What a merchant edits. Money is integer minor units inside the code (the API speaks major units). */
export type ServiceFields = {
  title: string;
  description: string;
  priceMinor: number;
  /** Minutes. */
  duration: number;
  images: string[];
  visible: boolean;
  taxable: boolean;
  /** Percent, used when useCustomTaxRate. */
  taxRate: number;
  useCustomTaxRate: boolean;
};

/** Every event names its merchant and mode, so consumers need no lookup. */
type Owner = { serviceId: string; merchantId: string; testMode: boolean; at: string };

export type ServiceEvent =
  | { type: 'ServiceCreated'; data: Owner & ServiceFields }
  | { type: 'ServiceUpdated'; data: Owner & Partial<ServiceFields> }
  | { type: 'ServiceDeleted'; data: Owner };

type Target = { serviceId: string; merchantId: string; at: string };

export type ServiceCommand =
  | { type: 'CreateService'; data: Owner & ServiceFields }
  | { type: 'UpdateService'; data: Target & Partial<ServiceFields> }
  | { type: 'DeleteService'; data: Target };

export type ServiceState =
  | { status: 'none' }
  | ({ status: 'live'; merchantId: string; testMode: boolean } & ServiceFields)
  | { status: 'deleted'; merchantId: string; testMode: boolean };

/** A service of another merchant does not exist for this one. */
const liveFor = (state: ServiceState, merchantId: string) => {
  if (state.status !== 'live' || state.merchantId !== merchantId) throw notFound(serviceMessages.notFound);
  return state;
};

export const serviceDecider: Decider<ServiceCommand, ServiceEvent, ServiceState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateService':
        if (state.status !== 'none') throw conflict('This service already exists');
        return [{ type: 'ServiceCreated', data: command.data }];
      case 'UpdateService': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'ServiceUpdated', data: { ...command.data, testMode } }];
      }
      case 'DeleteService': {
        const { testMode } = liveFor(state, command.data.merchantId);
        return [{ type: 'ServiceDeleted', data: { ...command.data, testMode } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ServiceCreated': {
        const { serviceId: _id, at: _at, ...fields } = event.data;
        return { status: 'live', ...fields };
      }
      case 'ServiceUpdated': {
        if (state.status !== 'live') return state;
        const { serviceId: _id, at: _at, merchantId: _m, testMode: _t, ...changes } = event.data;
        return { ...state, ...changes };
      }
      case 'ServiceDeleted':
        return { status: 'deleted', merchantId: event.data.merchantId, testMode: event.data.testMode };
    }
  },
};

export const serviceStream = (serviceId: string) => `service-${serviceId}`;
