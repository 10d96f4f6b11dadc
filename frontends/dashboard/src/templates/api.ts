import { api, useSession } from '@seatside/ui';
import { ifMatch } from '@seatside/ui/src/lists';
import type { Layer, TemplatePayload } from '@seatside/template-render';

export type TemplateCollection = 'merchants' | 'venues';
export interface Owner {
  collection: TemplateCollection;
  id: string;
}

/** A template as the API answers it (docs/tags-api.md, "Templates"). */
export interface TemplateView {
  id: string;
  documentId: string;
  title: string;
  width: number;
  height: number;
  payload: TemplatePayload;
  tagId?: string;
  layers: Layer[];
  testMode: boolean;
  updatedAt: string;
  version: number;
}

export type TemplateInput = Pick<TemplateView, 'title' | 'width' | 'height' | 'payload' | 'layers'> & { tagId: string | null };

export interface PrintRequest {
  tagIds?: string[];
  all?: boolean;
  paper: 'A4' | 'Letter' | 'label';
  perPage: number;
  bleed: number;
}

interface Answer {
  id: string;
  message: string;
}

const base = ({ collection, id }: Owner) => `/${collection}/${encodeURIComponent(id)}/templates`;
const one = (owner: Owner, templateId: string) => `${base(owner)}/${encodeURIComponent(templateId)}`;

/** Where the screens live: /dashboard/{collection}/{id}/templates(/new, /{templateId}). */
export const templatesPage = (owner: Owner, rest = '') => `/dashboard${base(owner)}${rest ? `/${rest}` : ''}`;

/** The server's PNG preview (seed 002 §7), kept 3000 s; `v` changes with each save. */
export const previewUrl = (t: Pick<TemplateView, 'id' | 'version'>) => `/api/template/?id=${encodeURIComponent(t.id)}&cache=3000&v=${t.version}`;

export const templatesApi = {
  list: (owner: Owner, testMode: boolean, q: string, cursor: string | undefined, signal: AbortSignal) =>
    api.get<{ data: TemplateView[]; nextCursor: string | null; total: number }>(base(owner), { query: { testMode, limit: 30, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) }, signal }),
  get: (owner: Owner, templateId: string, signal?: AbortSignal) => api.get<TemplateView>(one(owner, templateId), { signal }),
  create: (owner: Owner, input: TemplateInput, testMode: boolean) => api.post<Answer>(base(owner), { ...input, tagId: input.tagId ?? undefined, testMode }),
  update: (owner: Owner, templateId: string, input: TemplateInput, version?: number) => api.post<Answer>(one(owner, templateId), input, ifMatch(version)),
  remove: (owner: Owner, templateId: string) => api.delete<Answer>(one(owner, templateId)),
};

/** The print (a bearer POST answering a PDF), saved as `{title}.pdf`. */
export async function downloadPrint(owner: Owner, templateId: string, title: string, body: PrintRequest): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`/v1${one(owner, templateId)}/print`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `Print failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `${title || 'template'}.pdf` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
