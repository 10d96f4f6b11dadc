// The package root's shared singletons (one API client and session store per page, one ApiError class),
// not this package's relative copies: '@seatside/ui/src/tenant-settings' is bundled into each remote,
// the package root is shared once (frontends/ui/build/federation.mjs).
// eslint-disable-next-line @nx/enforce-module-boundaries
export { ApiError, api, errorMessage, toApiError, useSession } from '@seatside/ui';
