import { datasetPlacesProvider } from './dataset';
import { googlePlacesProvider } from './google';
import type { PlacesProvider } from './provider';

export { placesRouter, placesMessages } from './http';
export { datasetPlacesProvider, searchPlaces } from './dataset';
export { googlePlacesProvider } from './google';
export type { Place, PlacesProvider } from './provider';

export { placesConfigFields, placesConfigSchema } from './config';

export interface PlacesOptions {
  /** Google Places when set; the bundled dataset (offline) otherwise. */
  googlePlacesApiKey?: string;
}

export function createPlacesProvider(options: PlacesOptions = {}): PlacesProvider {
  return options.googlePlacesApiKey ? googlePlacesProvider({ apiKey: options.googlePlacesApiKey }) : datasetPlacesProvider();
}
