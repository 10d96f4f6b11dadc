import { api } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';
import type { MetadataPair } from './domain';

export type TagCollection = 'merchants' | 'venues';

/** A tag (docs/tags-api.md); `stats` are the last 7 days, when the API gives them. */
export interface Tag {
  id: string;
  code: string;
  name: string;
  metadata: MetadataPair[];
  activated: boolean;
  nfc: boolean;
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
  /** The stream version (its ETag): a save sends it as If-Match. */
  version?: number;
  stats?: { scans: number; orders: number };
}

export interface TagDay {
  date: string;
  scans: number;
  orders: number;
}

export interface TagInput {
  name: string;
  metadata: MetadataPair[];
}

interface Answer {
  id: string;
  message: string;
}

/** The tenant whose tags these are. */
export interface Owner {
  collection: TagCollection;
  id: string;
}

export const tagsPath = ({ collection, id }: Owner) => `/${collection}/${encodeURIComponent(id)}/tags`;
export const tagPath = (owner: Owner, tagId: string) => `${tagsPath(owner)}/${encodeURIComponent(tagId)}`;

/** Where the screens live: /dashboard/{collection}/{id}/tags(/new, /{tagId}). */
export const tagsPage = (owner: Owner, rest = '') => `/dashboard${tagsPath(owner)}${rest ? `/${rest}` : ''}`;

const PAGE = 100;
const MAX_PAGES = 50;

export const tagsApi = {
  /** Every tag of the mode (the list filters and sorts on the page). */
  async list(owner: Owner, testMode: boolean, signal: AbortSignal): Promise<Tag[]> {
    const all: Tag[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await api.get<{ data: Tag[]; nextCursor: string | null }>(tagsPath(owner), { query: { limit: PAGE, cursor, testMode }, signal });
      all.push(...answer.data);
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
    return all;
  },
  get: (owner: Owner, tagId: string, signal?: AbortSignal) => api.get<Tag>(tagPath(owner, tagId), { signal }),
  create: (owner: Owner, input: TagInput, testMode: boolean) => api.post<Answer>(tagsPath(owner), { ...input, testMode }),
  update: (owner: Owner, tagId: string, input: TagInput, version?: number) => api.post<Answer>(tagPath(owner, tagId), input, ifMatch(version)),
  remove: (owner: Owner, tagId: string) => api.delete<Answer>(tagPath(owner, tagId)),
  activate: (owner: Owner, serial: string, input: TagInput & { nfc: boolean }, testMode: boolean) =>
    api.post<Answer>(`${tagsPath(owner)}/activate/${encodeURIComponent(serial)}`, { ...input, testMode }),
  /** The 30-day daily series; the page shows nothing when this fails. */
  stats: (owner: Owner, tagId: string, signal: AbortSignal) => api.get<{ days: TagDay[] }>(`${tagPath(owner, tagId)}/stats`, { signal }),
};

/** `/v1/{collection}/{id}/qr-download`: every tag of the mode as PNGs in tags.zip. */
export const qrDownloadUrl = (owner: Owner, query: string, testMode: boolean) =>
  `/v1/${owner.collection}/${encodeURIComponent(owner.id)}/qr-download?${query}${testMode ? '&testMode=true' : ''}`;

/** The public link a diner opens: `{host}/tag/{code}`. */
export const publicTagUrl = (code: string) => `${window.location.origin}/tag/${encodeURIComponent(code)}`;
