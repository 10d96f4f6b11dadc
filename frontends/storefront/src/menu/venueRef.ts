/** A venue handle as the venue page's cards carry it in `?ref=`: letters, digits and dashes. */
const VENUE_HANDLE = /^[a-z0-9-]+$/i;
const key = (merchantHandle: string) => `seatside.venueRef.${merchantHandle}`;

/**
 * The venue a fan came to this merchant from: `?ref=` when the address has it (kept for the tab),
 * else the one kept, since checkout's Back to menu and the order's Order more lead back to the
 * merchant's page without the query. Null when the fan did not come from a venue.
 */
export function venueRef(search: URLSearchParams, merchantHandle: string, kept: Pick<Storage, 'getItem' | 'setItem'> | undefined): string | null {
  const given = search.get('ref')?.trim();
  try {
    if (given && VENUE_HANDLE.test(given)) {
      kept?.setItem(key(merchantHandle), given);
      return given;
    }
    const stored = kept?.getItem(key(merchantHandle));
    return stored && VENUE_HANDLE.test(stored) ? stored : null;
  } catch {
    // Storage refused (a private window's quota): only the address's own ref.
    return given && VENUE_HANDLE.test(given) ? given : null;
  }
}
