import { toApiError, useSession } from '@seatside/ui';

/** POST /v1/merchants/{id}/uploads (docs/media-api.md): multipart `file`, answered with the image's URL as plain text. */
export async function uploadImage(merchantId: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const token = useSession.getState().token;
  const res = await fetch(`/v1/merchants/${encodeURIComponent(merchantId)}/uploads`, {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.text()).trim();
}
