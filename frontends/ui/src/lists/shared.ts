// The package root's singletons (one API client per page), not relative copies: this folder is
// bundled into each remote by deep import, the package root is shared once.
// eslint-disable-next-line @nx/enforce-module-boundaries
export { ApiError, api, errorMessage } from '@seatside/ui';
