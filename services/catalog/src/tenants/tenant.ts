import { conflict, notFound, tenantCollections, type Decider, type TenantCollection } from '@seatside/chassis';
import { brandingOf, noBranding, type BrandKey, type Branding } from './branding';
import { defaultCheckoutOptions, mergeCheckoutOptions, type CheckoutOptions } from './checkout-options';
import type { TenantSettings } from './settings';

export type { TenantCollection } from '@seatside/chassis';

export const tenantMessages = {
  nameRequired: 'Name is required',
  handleRequired: 'Handle is required',
  handleTooShort: 'Please try a longer handle',
  handleTaken: 'This handle is already taken. Please choose another one.',
  handleUpdated: 'Handle updated',
  domainTaken: 'This domain is already used by another merchant or venue.',
  deleted: { merchants: 'Merchant deleted', venues: 'Venue deleted', apps: 'App deleted' },
  invalidTimeZone: 'Please choose a valid time zone',
  handleNotFound: 'Handle not found',
  apiKeysCannotCreate: 'API keys cannot create merchants, venues or apps',
  created: { merchants: 'Merchant created', venues: 'Venue created', apps: 'App created' },
  notFound: { merchants: 'Merchant not found', venues: 'Venue not found', apps: 'App not found' },
} as const;

export type TenantFields = {
  id: string;
  name: string;
  description: string;
  handle: string;
  googlePlaceId: string;
  timeZone: string;
  branding: Branding;
  createdBy: string;
  at: string;
};

const eventName = { merchants: 'Merchant', venues: 'Venue', apps: 'App' } as const;
type Kind = (typeof eventName)[TenantCollection];

/** `MerchantCreated`, `VenueCreated`, `AppCreated`: the identity service makes the creator the admin. */
export type TenantCreatedType = `${Kind}Created`;
/** `MerchantUpdated`, …: a partial change; identity's tenant cards read its `branding` too. */
export type TenantUpdatedType = `${Kind}Updated`;
/** `MerchantDeleted`, …: identity drops the tenant card; the handle is held 30 days. */
export type TenantDeletedType = `${Kind}Deleted`;

/** Which media event set a brand image: a redelivered one changes nothing. */
export type BrandingSource = { service: 'media'; eventId: string; objectKey: string };
/** A brand image from media, or settings sections an admin saved (their fields flat; `by` names the admin). */
export type TenantUpdated = TenantSettings & {
  id: string;
  branding?: Partial<Branding>;
  source?: BrandingSource;
  /** A new handle (the old one redirects to it for HANDLE_HOLD_DAYS). */
  handle?: string;
  previousHandle?: string;
  /** A custom domain and its verification; `domain: ''` clears it. */
  domain?: string;
  domainVerification?: DomainVerification | null;
  by?: string;
  at: string;
};
export type DomainVerification = { token: string; verified: boolean; verifiedAt: string | null };
export type TenantDeleted = { id: string; handle: string; by: string; at: string };

/** Seed 001 §8 / issue 18: a former or deleted tenant's handle is held (and redirects) this long. */
export const HANDLE_HOLD_DAYS = 30;

/** A merchant's checkoutOptions after a change, complete (consumers such as orders need no earlier event). */
export type CheckoutOptionsChanged = { merchantId: string; checkoutOptions: CheckoutOptions; by: string; at: string };

export type TenantEvent =
  | { type: TenantCreatedType; data: TenantFields }
  | { type: TenantUpdatedType; data: TenantUpdated }
  | { type: TenantDeletedType; data: TenantDeleted }
  | { type: 'CheckoutOptionsChanged'; data: CheckoutOptionsChanged };

export type TenantCommand =
  | { type: 'CreateTenant'; collection: TenantCollection; data: TenantFields }
  | { type: 'ChangeBranding'; collection: TenantCollection; data: { id: string; key: BrandKey; url: string; source: BrandingSource; at: string } }
  | { type: 'ChangeCheckoutOptions'; collection: 'merchants'; data: { merchantId: string; changes: Partial<CheckoutOptions>; by: string; at: string } }
  | { type: 'ChangeSettings'; collection: TenantCollection; data: { id: string; settings?: TenantSettings; checkoutOptions?: Partial<CheckoutOptions>; by: string; at: string } }
  | { type: 'ChangeHandle'; collection: TenantCollection; data: { id: string; handle: string; by: string; at: string } }
  | { type: 'SetDomain'; collection: TenantCollection; data: { id: string; domain: string; domainVerification: DomainVerification | null; by: string; at: string } }
  | { type: 'DeleteTenant'; collection: TenantCollection; data: { id: string; by: string; at: string } };

export type TenantState = {
  exists: boolean;
  handle: string;
  branding: Branding;
  mediaEventIds: string[];
  checkoutOptions: CheckoutOptions;
  domain: string;
  domainVerification: DomainVerification | null;
};

export const createdEventOf = (collection: TenantCollection): TenantCreatedType => `${eventName[collection]}Created`;
export const updatedEventOf = (collection: TenantCollection): TenantUpdatedType => `${eventName[collection]}Updated`;
export const collectionOfEvent = (type: string): TenantCollection | undefined =>
  tenantCollections.find((collection) => type === createdEventOf(collection));
export const collectionOfUpdate = (type: string): TenantCollection | undefined =>
  tenantCollections.find((collection) => type === updatedEventOf(collection));
export const deletedEventOf = (collection: TenantCollection): TenantDeletedType => `${eventName[collection]}Deleted`;
export const collectionOfDelete = (type: string): TenantCollection | undefined =>
  tenantCollections.find((collection) => type === deletedEventOf(collection));

const isCreated = (event: TenantEvent): event is Extract<TenantEvent, { type: TenantCreatedType }> => collectionOfEvent(event.type) !== undefined;

/**
 * One stream per tenant (`merchant-{id}`); handle uniqueness is kept by the projection
 * (handle_claims). A brand image of an unknown tenant, one already applied (same media event) or
 * one that is already the current image decides nothing: the media subscription may redeliver.
 */
export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  initialState: () => ({ exists: false, handle: '', branding: noBranding(), mediaEventIds: [], checkoutOptions: defaultCheckoutOptions(), domain: '', domainVerification: null }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateTenant':
        if (state.exists) throw conflict('This record already exists');
        return [{ type: createdEventOf(command.collection), data: command.data }];
      case 'ChangeBranding': {
        const { id, key, url, source, at } = command.data;
        if (!state.exists || state.mediaEventIds.includes(source.eventId) || state.branding[key] === url) return [];
        return [{ type: updatedEventOf(command.collection), data: { id, branding: { [key]: url }, source, at } }];
      }
      case 'ChangeCheckoutOptions': {
        const { merchantId, changes, by, at } = command.data;
        if (!state.exists) throw notFound(tenantMessages.notFound.merchants);
        return [{ type: 'CheckoutOptionsChanged', data: { merchantId, checkoutOptions: mergeCheckoutOptions(state.checkoutOptions, changes), by, at } }];
      }
      case 'ChangeSettings': {
        const { id, settings, checkoutOptions, by, at } = command.data;
        if (!state.exists) throw notFound(tenantMessages.notFound[command.collection]);
        return [
          ...(settings ? [{ type: updatedEventOf(command.collection), data: { ...settings, id, by, at } }] : []),
          ...(checkoutOptions ? [{ type: 'CheckoutOptionsChanged' as const, data: { merchantId: id, checkoutOptions: mergeCheckoutOptions(state.checkoutOptions, checkoutOptions), by, at } }] : []),
        ];
      }
      case 'ChangeHandle': {
        const { id, handle, by, at } = command.data;
        if (!state.exists) throw notFound(tenantMessages.notFound[command.collection]);
        if (handle === state.handle) return [];
        return [{ type: updatedEventOf(command.collection), data: { id, handle, previousHandle: state.handle, by, at } }];
      }
      case 'SetDomain': {
        const { id, domain, domainVerification, by, at } = command.data;
        if (!state.exists) throw notFound(tenantMessages.notFound[command.collection]);
        if (domain === state.domain && domainVerification?.verified === state.domainVerification?.verified) return [];
        return [{ type: updatedEventOf(command.collection), data: { id, domain, domainVerification, by, at } }];
      }
      case 'DeleteTenant': {
        const { id, by, at } = command.data;
        if (!state.exists) throw notFound(tenantMessages.notFound[command.collection]);
        return [{ type: deletedEventOf(command.collection), data: { id, handle: state.handle, by, at } }];
      }
    }
  },
  evolve(state, event) {
    if (isCreated(event)) return { ...state, exists: true, handle: event.data.handle, branding: brandingOf(event.data.branding) };
    if (event.type === 'CheckoutOptionsChanged') return { ...state, checkoutOptions: event.data.checkoutOptions };
    // The plan (tenants/admin.ts) shares the stream and changes nothing here.
    if ((event as { type: string }).type === 'TenantPlanChanged') return state;
    if (collectionOfDelete(event.type)) return { ...state, exists: false };
    const data = event.data as TenantUpdated;
    const mediaEventIds = data.source ? [...state.mediaEventIds, data.source.eventId] : state.mediaEventIds;
    return {
      ...state,
      branding: brandingOf(state.branding, data.branding),
      mediaEventIds,
      ...(data.handle ? { handle: data.handle } : {}),
      ...(data.domain !== undefined ? { domain: data.domain, domainVerification: data.domainVerification ?? null } : {}),
    };
  },
};

export const tenantStream = (collection: TenantCollection, id: string) => `${eventName[collection].toLowerCase()}-${id}`;
