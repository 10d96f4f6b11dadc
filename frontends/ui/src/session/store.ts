import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionUser {
  id: string;
  email: string;
  name?: string;
  roles?: string[];
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  signedIn: boolean;
  signIn(token: string, user: SessionUser): void;
  signOut(): void;
}

export const SESSION_STORAGE_KEY = 'seatside.session';

/** The signed-in user and their bearer token, kept in localStorage across reloads. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signedIn: false,
      signIn: (token, user) => set({ token, user, signedIn: true }),
      signOut: () => set({ token: null, user: null, signedIn: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, signedIn }) => ({ token, user, signedIn }),
    },
  ),
);
