// The package root's singletons (one API client per page), not relative copies: this folder is
// bundled into each remote by deep import, the package root is shared once.
// eslint-disable-next-line @nx/enforce-module-boundaries
export { ApiError, api, errorMessage } from '@seatside/ui';

/**
 * The request options that make an update conditional on the version the screen shows (the record's
 * `version`, its ETag): a record changed meanwhile by someone else answers 412 with the server's
 * 'This record was changed by someone else. Reload it and try again.' instead of being overwritten.
 */
export const ifMatch = (version: number | undefined): { headers?: Record<string, string> } => (version === undefined ? {} : { headers: { 'if-match': `"${version}"` } });
