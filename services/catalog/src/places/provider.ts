/** A business the registration form can start from (seed 000 §4 step 0). */
export interface Place {
  placeId: string;
  name: string;
  address: string;
}

/**
 * The place search port: US establishments whose name matches the query. Adapters: Google Places
 * (google.ts) when an API key is configured, otherwise the bundled dataset (dataset.ts).
 */
export interface PlacesProvider {
  search(query: string, signal?: AbortSignal): Promise<Place[]>;
}

/** At most this many places per answer: a dropdown, not a directory. */
export const PLACES_LIMIT = 8;

/** Shorter queries answer nothing (docs/catalog-api.md: `q` of 2+ characters). */
export const PLACES_MIN_QUERY = 2;
