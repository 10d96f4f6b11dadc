import { handleCommand, type ServiceDeps, type StoredEvent } from '@seatside/chassis';
import { brandImageOf } from './branding';
import { projectTenants } from './projections';
import { tenantDecider, tenantStream } from './tenant';

/** The media subscription's checkpoint name. */
export const BRANDING_SUBSCRIPTION = 'catalog-branding';

/**
 * Follows the media service's log (docs/media-api.md): an `ObjectStored` with a `brandKey` becomes
 * a `{Merchant|Venue|App}Updated` on that tenant's stream with the image's URL. The append is its
 * own transaction; a redelivery decides nothing (the decider remembers the media event ids).
 */
export function followMediaBranding(deps: ServiceDeps): void {
  deps.subscribe({ name: BRANDING_SUBSCRIPTION, source: 'media', handle: brandingFromMedia(deps) });
}

/** The subscription's handler: one media event in, at most one tenant event out. */
export function brandingFromMedia(deps: ServiceDeps): (stored: StoredEvent) => Promise<void> {
  const project = projectTenants(deps.readModels, deps.schema);
  return async (stored) => {
    const image = brandImageOf(stored);
    if (!image) return;
    const { collection, tenantId, key, url, objectKey, mediaEventId, at } = image;
    await handleCommand(deps.eventStore, tenantStream(collection, tenantId), tenantDecider, {
      type: 'ChangeBranding',
      collection,
      data: { id: tenantId, key, url, source: { service: 'media', eventId: mediaEventId, objectKey }, at },
    }, {
      metadata: { tenantId, causationId: mediaEventId, correlationId: stored.metadata.correlationId, actorId: stored.metadata.actorId },
      inline: [project],
    });
  };
}
