import { api } from './shared';

/** Team users and API keys (docs/identity-api.md). `{collection}` is merchants, venues or apps. */
export type TenantCollection = 'merchants' | 'venues' | 'apps';
export type TeamRole = 'admin' | 'teamMember';

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
};

/** Where the settings screens of a tenant live; the same paths in the dashboard and venue remotes. */
export const settingsPath = ({ collection, id }: Tenant, section = '') => `/dashboard/${collection}/${enc(id)}/settings${section ? `/${section}` : ''}`;
