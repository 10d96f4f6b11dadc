import { z } from 'zod';
import { datasetPlacesProvider } from './dataset';
import { googlePlacesProvider } from './google';
import type { PlacesProvider } from './provider';

export { placesRouter, placesMessages } from './http';
export { datasetPlacesProvider, searchPlaces } from './dataset';
export { googlePlacesProvider } from './google';
export type { Place, PlacesProvider } from './provider';

/** The place search's settings, parsed once where the service starts. */
export const placesConfigSchema = z.object({
  GOOGLE_PLACES_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((key) => key || undefined),
});

export interface PlacesOptions {
  /** Google Places when set; the bundled dataset (offline) otherwise. */
  googlePlacesApiKey?: string;
}

export function createPlacesProvider(options: PlacesOptions = {}): PlacesProvider {
  return options.googlePlacesApiKey ? googlePlacesProvider({ apiKey: options.googlePlacesApiKey }) : datasetPlacesProvider();
}
