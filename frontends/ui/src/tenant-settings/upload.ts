import { ApiError, api, toApiError, useSession } from './shared';

/** The network failure text of the shared client, for the same failure here. */
const UNREACHABLE = 'The network is unreachable. Check your connection and try again.';

/**
 * A multipart POST under /v1 whose answer is plain text (the media service answers an image's URL).
 * The shared client sends JSON and reads JSON; this stays out of it (it is loaded on every page) and
 * lives in the lazily loaded settings chunk instead. Bearer token from the session; an expired one
 * is refreshed through the shared client (any call of it does that) and the upload tried once more.
 */
export async function postMultipart(path: string, form: FormData): Promise<string> {
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { accept: 'text/plain, application/problem+json' };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      // No content-type: the browser writes the multipart boundary.
      return await fetch(`/v1${path}`, { method: 'POST', headers, body: form });
    } catch {
      throw new ApiError(0, UNREACHABLE);
    }
  };
  const token = useSession.getState().token;
  let res = await send(token);
  if (res.status === 401 && token) {
    await api.get('/auth/me').catch(() => undefined);
    const fresh = useSession.getState().token;
    if (fresh && fresh !== token) res = await send(fresh);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.text()).trim();
}
