export type SessionUser = { name?: string; firstName?: string; email?: string };

/** Where the shell's session store keeps the session (ui's SESSION_STORAGE_KEY: not imported, which would bring the store and zustand). */
const SESSION_KEY = 'seatside.session';

type Stored = { state?: { token?: string | null; user?: SessionUser | null; signedIn?: boolean } };
const readStored = (): Stored => JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}') as Stored;

/** The signed-in user of this browser (the shell's session store in localStorage), without loading it. */
export function storedSession(): { token: string | null; user: SessionUser | null } {
  try {
    const { state } = readStored();
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
    const stored = readStored();
    if (stored.state) localStorage.setItem(SESSION_KEY, JSON.stringify({ ...stored, state: { ...stored.state, token } }));
    return token;
  } catch {
    return null;
  }
}
