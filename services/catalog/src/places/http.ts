import { Router } from 'express';
import { z } from 'zod';
import { parseInput, requirePrincipal, unavailable, type Logger } from '@seatside/chassis';
import { normalizeHandle } from '../tenants/handle';
import { placeDetailsOf } from './address';
import { PLACES_MIN_QUERY, type PlacesProvider } from './provider';

export const placesMessages = {
  unavailable: 'Place search is unavailable right now. Please try again.',
} as const;

/** `q`: the name typed so far; anything but one text is no query (an empty list). */
export const placesQuery = z.object({ q: z.string().optional().catch(undefined) });

/**
 * GET /v1/places?q= (docs/catalog-api.md): the registration form's place search. Each place comes
 * with the handle the form proposes for it (seed 000 §4: choosing a place fills name and handle).
 * Signed-in callers only, like registration itself: the Google adapter spends a paid quota.
 */
export function placesRouter(provider: PlacesProvider, logger?: Logger): Router {
  const router = Router();
  router.get('/v1/places', async (req, res) => {
    requirePrincipal(req);
    const q = parseInput(placesQuery, req.query).q?.trim() ?? '';
    if (q.length < PLACES_MIN_QUERY) {
      res.json({ data: [] });
      return;
    }
    let places;
    try {
      places = await provider.search(q.slice(0, 200));
    } catch (error) {
      logger?.warn({ err: error }, 'place search failed');
      throw unavailable(placesMessages.unavailable);
    }
    // The address in the settings' shape and the place's time zone: registration keeps both.
    res.json({
      data: places.map((place) => {
        const details = placeDetailsOf(place.address);
        return { ...place, handle: normalizeHandle(place.name), ...('timeZone' in details ? { timeZone: details.timeZone, addressParts: details.address } : {}) };
      }),
    });
  });
  return router;
}
