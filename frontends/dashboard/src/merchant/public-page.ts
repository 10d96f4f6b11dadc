/**
 * The address of a merchant's public page in a mode (seed 001 §1: a separate sandbox site exists for
 * test mode): the sandbox site is the page with `?testMode=true`.
 */
export const publicPageOf = (site: string, handle: string, testMode: boolean): string => `${site}/${handle}${testMode ? '?testMode=true' : ''}`;
