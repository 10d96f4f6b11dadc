import { api } from '@seatside/ui';

/** One stored object of the merchant (docs/media-api.md `GET /v1/merchants/{id}/objects`). */
export interface MediaObject {
  key: string;
  url: string;
  /** Bytes. */
  size: number;
  lastModified: string;
}

export interface ObjectsPage {
  data: MediaObject[];
  nextCursor: string | null;
  total: number;
}

/** Newest first, `limit` per page, then `cursor` for the next. */
export const fetchObjects = (merchantId: string, limit: number, cursor: string | undefined, signal: AbortSignal) =>
  api.get<ObjectsPage>(`/merchants/${encodeURIComponent(merchantId)}/objects`, { query: { limit, cursor }, signal });
