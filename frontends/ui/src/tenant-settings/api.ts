import type { CheckoutOptionsView } from '@seatside/rules';
import { ifMatch } from '../lists/shared';
import { api } from './shared';
import { postMultipart } from './upload';

/** Team users and API keys (docs/identity-api.md). `{collection}` is merchants, venues or apps. */
export type TenantCollection = 'merchants' | 'venues' | 'apps';
export type TeamRole = 'admin' | 'teamMember' | 'runner';

export interface Tenant {
  collection: TenantCollection;
  id: string;
}

export interface TeamUser {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  admin: boolean;
  role: TeamRole;
}

export interface NewTeamUser {
  firstName: string;
  lastName: string;
  email: string;
  role: TeamRole;
}

export interface ApiKey {
  id: string;
  title: string;
  testMode: boolean;
  keyPrefix: string;
  createdAt: string;
}

interface Answer {
  message: string;
}

/** Seed 001 §2: the four brand images; a URL, or null when none was uploaded. */
export type BrandKey = 'icon' | 'logo' | 'logoDark' | 'banner';
export type TenantBranding = Record<BrandKey, string | null>;

export interface DayHours {
  day: string;
  isOpen: boolean;
  openAllDay: boolean;
  open: { time: string | null };
  close: { time: string | null };
}

export interface MerchantLink {
  title: string;
  url: string;
  type: string;
  icon: string | null;
  visible: boolean;
  target: '_blank' | '_self';
}

export interface TextTranslation {
  search: string;
  replace: string;
}

/** checkoutOptions as the API answers them (money in major units; docs/catalog-api.md): the one shape in `@seatside/rules`. */
export type CheckoutOptions = CheckoutOptionsView;

/** `GET /v1/{collection}/{id}`: the tenant document the settings sections read and save. */
export interface TenantRecord {
  id: string;
  name?: string;
  description?: string;
  handle?: string;
  googlePlaceId?: string;
  timeZone?: string;
  phone?: string;
  email?: string;
  website?: string;
  promptAppInstall?: boolean;
  address?: Record<'line1' | 'line2' | 'city' | 'state' | 'postal_code', string> | null;
  colors?: Record<'primary' | 'secondary' | 'success' | 'info' | 'error' | 'splashScreenBackground', string> | null;
  fonts?: { headlines: string; base: string } | null;
  hours?: DayHours[];
  goals?: { dailyOrderVolume: number; dailyOrderRevenue: number };
  links?: MerchantLink[];
  teleport?: { enable: boolean; destination: string };
  textTranslations?: TextTranslation[];
  plan?: 'free' | 'pro';
  domain?: string;
  branding?: Partial<TenantBranding>;
  checkoutOptions?: CheckoutOptions;
  updatedAt?: string;
  /** The tenant's version (its ETag): the settings' saves send it back as If-Match. */
  version?: number;
}

export interface Font {
  family: string;
  pro: boolean;
}

export interface DomainState {
  domain: string;
  verified: boolean;
  verification: { type: string; domain: string; value: string; reason: string }[];
}

/** A sample merchant the Import Test Data card offers (`GET /v1/demo/merchants`). */
export interface SampleMerchant {
  name: string;
  handle?: string;
}

/** A list answer (DESIGN §7); these screens show one page of up to 1000. */
interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

const base = ({ collection, id }: Tenant) => `/${collection}/${encodeURIComponent(id)}`;
const enc = encodeURIComponent;

export const tenantSettingsApi = {
  listUsers: (tenant: Tenant, signal?: AbortSignal) =>
    api.get<Page<TeamUser>>(`${base(tenant)}/users`, { query: { limit: 1000 }, signal }).then((page) => page.data),
  addUser: (tenant: Tenant, user: NewTeamUser) => api.post<Answer & { uid: string }>(`${base(tenant)}/users/add`, user),
  setRole: (tenant: Tenant, uid: string, role: TeamRole) => api.post<Answer>(`${base(tenant)}/users/${enc(uid)}/set-role`, { role }),
  removeUser: (tenant: Tenant, uid: string) => api.delete<Answer>(`${base(tenant)}/users/${enc(uid)}`),

  listApiKeys: (tenant: Tenant, testMode: boolean, signal?: AbortSignal) =>
    api.get<Page<ApiKey>>(`${base(tenant)}/api-keys`, { query: { testMode, limit: 1000 }, signal }).then((page) => page.data),
  getApiKey: (tenant: Tenant, apiKeyId: string, signal?: AbortSignal) => api.get<ApiKey>(`${base(tenant)}/api-keys/${enc(apiKeyId)}`, { signal }),
  createApiKey: (tenant: Tenant, title: string, testMode: boolean) =>
    api.post<Answer & { apiKey: string; id: string }>(`${base(tenant)}/api-keys`, { title, testMode }),
  updateApiKey: (tenant: Tenant, apiKeyId: string, title: string) => api.post<Answer>(`${base(tenant)}/api-keys/${enc(apiKeyId)}`, { title }),
  deleteApiKey: (tenant: Tenant, apiKeyId: string) => api.delete<Answer>(`${base(tenant)}/api-keys/${enc(apiKeyId)}`),

  getTenant: (tenant: Tenant, signal?: AbortSignal) => api.get<TenantRecord>(base(tenant), { signal }),
  /** docs/media-api.md: multipart `file` and `key`; answers the stored image's URL. */
  uploadBrandImage: (tenant: Tenant, key: BrandKey, file: File) => {
    const form = new FormData();
    form.append('key', key);
    form.append('file', file);
    return postMultipart(`${base(tenant)}/brand`, form);
  },

  /**
   * Seed 001 §7 "Settings": a partial save of one or more sections, over the version the screen read
   * (If-Match): a teammate's change meanwhile answers 412 instead of being overwritten.
   */
  saveSettings: (tenant: Tenant, body: Record<string, unknown>, version?: number) => api.post<Answer>(base(tenant), body, ifMatch(version)),
  changeHandle: (tenant: Tenant, handle: string, version?: number) => api.post<Answer & { handle: string }>(`${base(tenant)}/handle`, { handle }, ifMatch(version)),
  getDomain: (tenant: Tenant, signal?: AbortSignal) => api.get<DomainState>(`${base(tenant)}/domains`, { signal }),
  setDomain: (tenant: Tenant, domain: string, version?: number) => api.post<Answer & DomainState>(`${base(tenant)}/domains`, { domain }, ifMatch(version)),
  verifyDomain: (tenant: Tenant) => api.post<Answer & DomainState>(`${base(tenant)}/domains/verify`, {}),
  removeDomain: (tenant: Tenant) => api.delete<Answer & DomainState>(`${base(tenant)}/domains/delete`),
  deleteTenant: (tenant: Tenant) => api.post<Answer>(`${base(tenant)}/delete`, {}),
  listFonts: (signal?: AbortSignal) => api.get<{ data: Font[] }>('/fonts', { bearer: false, signal }).then((answer) => answer.data),
  /** A link icon (docs/media-api.md `uploads`): multipart `file`; answers the image's URL. */
  uploadImage: (tenant: Tenant, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postMultipart(`${base(tenant)}/uploads`, form);
  },

  /** Seed 002 §7: a public list, asked without the bearer token. */
  listSampleMerchants: (signal?: AbortSignal) =>
    api.get<{ data: SampleMerchant[] }>('/demo/merchants', { bearer: false, signal }).then((answer) => answer.data),
  importSampleData: (tenant: Tenant, merchant: string) => api.post<Answer>(`${base(tenant)}/import`, { merchant }),
  /** Seed 002 §7: the confirmation travels as `teleport.delete` (the field name as the spec spells it). */
  deleteTestData: (tenant: Tenant, confirmation: string) => api.post<Answer>(`${base(tenant)}/delete-test-data`, { teleport: { delete: confirmation } }),
};

/** Where the settings screens of a tenant live; the same paths in the dashboard and venue remotes. */
export const settingsPath = ({ collection, id }: Tenant, section = '') => `/dashboard/${collection}/${enc(id)}/settings${section ? `/${section}` : ''}`;
