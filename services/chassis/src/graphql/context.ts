import type { Request } from 'express';
import type { Principal } from '../auth/types';

/** What every subgraph resolver receives, whichever topology serves it. */
export interface GraphQLContext {
  principal?: Principal;
  requestId?: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The resolver context for an HTTP request. The principal comes from the auth middleware; the
 * request id from the chassis request-context middleware when it ran, else straight from the
 * header the gateway forwards.
 */
export function contextFromRequest(req: Request): GraphQLContext {
  const { principal, requestId } = req as { principal?: Principal; requestId?: string };
  return { principal, requestId: requestId ?? req.get(REQUEST_ID_HEADER) };
}
