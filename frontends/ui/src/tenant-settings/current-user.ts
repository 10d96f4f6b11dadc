import { useMe } from '../auth';

/** The signed-in user's uid (their own row in the team list reads 'You'). */
export function useCurrentUid(): string | undefined {
  return useMe().me?.uid;
}
