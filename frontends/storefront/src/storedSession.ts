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
