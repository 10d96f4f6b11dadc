import { isTenantCollection, type StoredEvent, type TenantCollection } from '@seatside/chassis';

/** Seed 001 §2 (Branding screen) and §3: the four images a tenant may upload. */
export const brandKeys = ['icon', 'logo', 'logoDark', 'banner'] as const;
export type BrandKey = (typeof brandKeys)[number];
export type Branding = Record<BrandKey, string | null>;

export const noBranding = (): Branding => ({ icon: null, logo: null, logoDark: null, banner: null });

const isBrandKey = (value: unknown): value is BrandKey => (brandKeys as readonly unknown[]).includes(value);

/** Every key present (null when unset): older tenants were created with only banner and icon. */
export const brandingOf = (stored: Partial<Branding> | undefined, changes: Partial<Branding> = {}): Branding => {
  const merged = { ...noBranding(), ...stored, ...changes };
  return { icon: merged.icon, logo: merged.logo, logoDark: merged.logoDark, banner: merged.banner };
};

/** The part of the media service's `ObjectStored` the catalog reads (docs/media-api.md). */
type ObjectStored = { objectKey?: unknown; collection?: unknown; tenantId?: unknown; brandKey?: unknown; url?: unknown; at?: unknown };

export type BrandImageStored = {
  collection: TenantCollection;
  tenantId: string;
  key: BrandKey;
  url: string;
  objectKey: string;
  mediaEventId: string;
  at: string;
};

/** A brand image the media service stored, or undefined for its other events and objects. */
export function brandImageOf(event: Pick<StoredEvent, 'type' | 'data' | 'eventId' | 'recordedAt'>): BrandImageStored | undefined {
  if (event.type !== 'ObjectStored') return undefined;
  const data = (event.data ?? {}) as ObjectStored;
  const { collection, tenantId, brandKey, url } = data;
  if (!isTenantCollection(collection) || !isBrandKey(brandKey)) return undefined;
  if (typeof tenantId !== 'string' || !tenantId || typeof url !== 'string' || !url) return undefined;
  return {
    collection,
    tenantId,
    key: brandKey,
    url,
    objectKey: typeof data.objectKey === 'string' ? data.objectKey : '',
    mediaEventId: event.eventId,
    at: typeof data.at === 'string' ? data.at : event.recordedAt.toISOString(),
  };
}
