import type { Request } from 'express';
import type { EventMetadata } from '../eventstore/types';

/** Who caused an event and which request chain it belongs to, taken from the request. */
export function metadataFrom(req: Request, extra: EventMetadata = {}): EventMetadata {
  return {
    correlationId: req.correlationId,
    causationId: req.requestId,
    ...(req.principal ? { actorId: req.principal.uid } : {}),
    ...extra,
  };
}
