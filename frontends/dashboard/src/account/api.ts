import { ApiError, api, toApiError, useSession } from '@seatside/ui';
import { refreshSession } from '@seatside/ui/src/auth';

/** The signed-in user's settings calls (docs/identity-api.md "The signed-in user's settings"). */
interface Answer {
  message: string;
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
}

export interface PasswordValues {
  /** Absent for an account setting its first password. */
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

export const photoTypes = ['image/png', 'image/jpeg'] as const;

export const accountApi = {
  updateProfile: (values: ProfileValues) => api.post<Answer>('/users/me/profile', values),
  updateDisplayName: (displayName: string) => api.post<Answer>('/users/me/display-name', { displayName }),
  /** The current password proves the owner; the server names it per field when missing or wrong. */
  updateEmail: (email: string, currentPassword: string) => api.post<Answer>('/users/me/email', { email, currentPassword }),
  updatePassword: (values: PasswordValues) => api.post<Answer>('/users/me/password', values),

  /**
   * The raw file as the body with its own content type (the JSON client cannot send that); like the
   * client, an expired token is refreshed once.
   */
  async uploadPhoto(file: File): Promise<Answer & { photoURL: string }> {
    const send = (token: string | null) =>
      fetch('/v1/users/me/photo', {
        method: 'POST',
        headers: { 'content-type': file.type, accept: 'application/json, application/problem+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: file,
      });
    let res: Response;
    try {
      res = await send(useSession.getState().token);
      if (res.status === 401) {
        const fresh = await refreshSession();
        if (fresh) res = await send(fresh);
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(0, 'The network is unreachable. Check your connection and try again.');
    }
    if (!res.ok) throw await toApiError(res);
    return (await res.json()) as Answer & { photoURL: string };
  },
};
