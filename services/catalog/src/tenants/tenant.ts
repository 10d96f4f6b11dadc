import { conflict, tenantCollections, type Decider, type TenantCollection } from '@seatside/chassis';

export type { TenantCollection } from '@seatside/chassis';

export const tenantMessages = {
  nameRequired: 'Name is required',
  handleRequired: 'Handle is required',
  handleTooShort: 'Please try a longer handle',
  handleTaken: 'This handle is already taken. Please choose another one.',
  invalidTimeZone: 'Please choose a valid time zone',
  handleNotFound: 'Handle not found',
  apiKeysCannotCreate: 'API keys cannot create merchants, venues or apps',
  created: { merchants: 'Merchant created', venues: 'Venue created', apps: 'App created' },
} as const;

export type TenantFields = {
  id: string;
  name: string;
  description: string;
  handle: string;
  googlePlaceId: string;
  timeZone: string;
  branding: { banner: string | null; icon: string | null };
  createdBy: string;
  at: string;
};

const eventName = { merchants: 'Merchant', venues: 'Venue', apps: 'App' } as const;

/** `MerchantCreated`, `VenueCreated`, `AppCreated`: the identity service makes the creator the admin. */
export type TenantCreatedType = `${(typeof eventName)[TenantCollection]}Created`;
export type TenantEvent = { type: TenantCreatedType; data: TenantFields };
export type TenantCommand = { type: 'CreateTenant'; collection: TenantCollection; data: TenantFields };
export type TenantState = { exists: boolean };

export const createdEventOf = (collection: TenantCollection): TenantCreatedType => `${eventName[collection]}Created`;
export const collectionOfEvent = (type: string): TenantCollection | undefined =>
  tenantCollections.find((collection) => type === createdEventOf(collection));

/** One stream per tenant (`merchant-{id}`); handle uniqueness is kept by the projection (handle_claims). */
export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  initialState: () => ({ exists: false }),
  decide(command, state) {
    if (state.exists) throw conflict('This record already exists');
    return [{ type: createdEventOf(command.collection), data: command.data }];
  },
  evolve: () => ({ exists: true }),
};

export const tenantStream = (collection: TenantCollection, id: string) => `${eventName[collection].toLowerCase()}-${id}`;
