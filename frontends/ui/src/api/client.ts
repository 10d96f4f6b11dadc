import { useSession } from '../session/store';
import { createSessionApiClient, type ApiClient, type ApiClientOptions, type SessionLink } from './core';

export { ApiError, toApiError, type ApiClient, type ApiClientOptions, type RequestOptions } from './core';

const signedInSession: SessionLink = {
  token: () => useSession.getState().token,
  refreshed: (fresh) => {
    if (fresh) useSession.setState({ token: fresh });
    else useSession.getState().signOut();
  },
};

/** A client on the signed-in session's token (refreshed on expiry), unless `options.token` is given. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  return createSessionApiClient({ ...options, session: signedInSession });
}

/** The client every frontend uses: `/v1` on the page's origin, bearer token from the session store. */
export const api: ApiClient = createApiClient();
