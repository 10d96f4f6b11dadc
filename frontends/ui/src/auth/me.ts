import { useCallback, useEffect, useState } from 'react';
// The shared session store and client (see session.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { useSession } from '@seatside/ui';
import { statusOf } from './form-errors';
import { cachedMe, forgetMe, meChanged, onMeChanged, rememberMe } from './me-cache';
import { fetchMe, refreshSession } from './session';
import { adminClaimOf, tokenExpired } from './token';

export { adminClaimOf, tokenExpired };

/** GET /v1/auth/me (docs/identity-api.md). */
export interface TenantCard {
  id: string;
  name: string;
  description?: string;
  handle?: string;
  branding?: { banner?: string; icon?: string };
  role: 'admin' | 'teamMember' | 'runner';
}

export interface Me {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  emailVerified: boolean;
  /** False for an account invited, or signed in only by a mailed link or Google, until it sets a password. */
  hasPassword: boolean;
  createdAt: string;
  claims: { admin?: boolean } & Record<string, unknown>;
  userDetails: { firstName: string; lastName: string; phone: string };
  apps: TenantCard[];
  merchants: TenantCard[];
  venues: TenantCard[];
}

export interface MeState {
  /** The signed-in user, or null while loading, when signed out or after an error. */
  me: Me | null;
  loading: boolean;
  error: unknown;
  /** Fetches /auth/me again (after a change to the account, a new tenant, a role). */
  reload(): void;
}

/**
 * GET /v1/auth/me for the token. A token already expired by its own `exp` (a page opened after 15
 * minutes) is refreshed first, so the page load logs no 401; one the server still refuses (401) is
 * refreshed once through the session cookie; without a session the store is signed out (and the
 * guards show the sign-in page).
 */
function loadMe(token: string): Promise<Me> {
  const kept = cachedMe(token);
  if (kept) return kept;
  if (tokenExpired(token)) {
    return rememberMe(
      token,
      refreshSession().then((fresh) => {
        if (!fresh) throw Object.assign(new Error('Your session has ended. Please sign in again.'), { status: 401 });
        return rememberMe(fresh, fetchMe(fresh));
      }),
    );
  }
  return rememberMe(
    token,
    fetchMe(token).then(
      async (me) => {
        // The admin claim granted or revoked since the token was issued: the pages follow /auth/me, so
        // the token is refreshed to say the same (else every admin call answered 403 until it expired).
        const claim = adminClaimOf(token);
        if (claim === undefined || claim === (me.claims?.admin === true)) return me;
        const fresh = await refreshSession();
        return fresh ? rememberMe(fresh, fetchMe(fresh)) : me;
      },
      async (error: unknown) => {
        if (statusOf(error) !== 401) throw error;
        const fresh = await refreshSession();
        if (!fresh) throw error;
        return rememberMe(fresh, fetchMe(fresh));
      },
    ),
  );
}

/** How often, and how long, refreshMeWhen asks again (about 5 s in all). */
const REFRESH_ATTEMPTS = 20;
const REFRESH_INTERVAL_MS = 250;

/**
 * After a change that reaches /auth/me through another service's events (a tenant created, renamed,
 * rebranded or deleted: identity keeps a copy, a moment behind the catalog, DESIGN §6): asks again
 * until `settled` holds, or about 5 s have passed, and every useMe on the page shows that answer.
 */
export async function refreshMeWhen(settled: (me: Me) => boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const token = useSession.getState().token;
    if (!token) return;
    forgetMe();
    const me = await loadMe(token).catch(() => null);
    if (!me || settled(me) || attempt === REFRESH_ATTEMPTS) break;
    await new Promise((resolve) => setTimeout(resolve, REFRESH_INTERVAL_MS));
  }
  meChanged();
}

/** The signed-in user from GET /v1/auth/me, for the session's current token. */
export function useMe(): MeState {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.user?.id);
  // The answer is kept with the token it is for: after a change of token it is shown only while it is
  // the same user's (a refreshed token), never another user's.
  const [state, setState] = useState<{ token: string | null; me: Me | null; error: unknown }>({ token: null, me: null, error: null });
  const [version, setVersion] = useState(0);
  // A fresher answer kept elsewhere on the page (refreshMeWhen) is read again from the cache.
  useEffect(() => onMeChanged(() => setVersion((v) => v + 1)), []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    loadMe(token).then(
      (me) => live && setState({ token, me, error: null }),
      (error: unknown) => live && setState({ token, me: null, error }),
    );
    return () => {
      live = false;
    };
  }, [token, version]);

  const reload = useCallback(() => {
    forgetMe();
    setState((s) => ({ ...s, token: null }));
    setVersion((v) => v + 1);
  }, []);

  const current = !!token && (state.token === token || (!!state.me && state.me.uid === userId));
  return { me: current ? state.me : null, error: current ? state.error : null, loading: !!token && !current, reload };
}
