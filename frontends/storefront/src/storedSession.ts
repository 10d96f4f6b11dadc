export type SessionUser = { name?: string; firstName?: string; email?: string };

/** The signed-in user of this browser (the shell's session store in localStorage), without loading it. */
export function storedSession(): { token: string | null; user: SessionUser | null } {
  try {
    const state = (JSON.parse(localStorage.getItem('seatside.session') ?? '{}') as { state?: { token?: string | null; user?: SessionUser | null; signedIn?: boolean } }).state;
    return state?.signedIn ? { token: state.token ?? null, user: state.user ?? null } : { token: null, user: null };
  } catch {
    return { token: null, user: null };
  }
}

/**
 * A fresh access token from the session cookie (`POST /v1/auth/refresh`), kept in the stored session
 * for the next reader; null when the session has ended. The stored token lives 15 minutes, so a diner
 * who signed in earlier holds an expired one (a 401) long before their session ends.
 */
export async function refreshedToken(): Promise<string | null> {
  try {
    const res = await fetch('/v1/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const { token } = (await res.json()) as { token?: string };
    if (!token) return null;
    const stored = JSON.parse(localStorage.getItem('seatside.session') ?? '{}') as { state?: { token?: string | null } };
    if (stored.state) localStorage.setItem('seatside.session', JSON.stringify({ ...stored, state: { ...stored.state, token } }));
    return token;
  } catch {
    return null;
  }
}
