import { PLACES_LIMIT, type Place, type PlacesProvider } from './provider';

/** Places API (New) Autocomplete: https://developers.google.com/maps/documentation/places/web-service/place-autocomplete */
export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';

export interface GooglePlacesOptions {
  apiKey: string;
  /** A fake Places API in tests; Google otherwise. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** A slow answer is cut off rather than holding the search box. */
  timeoutMs?: number;
}

interface AutocompleteAnswer {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
    };
  }[];
}

/** The request seed 000 §4 and §9 ask for: US only, establishments only. */
export function autocompleteRequest(input: string) {
  return { input, includedRegionCodes: ['us'], includedPrimaryTypes: ['establishment'], languageCode: 'en' };
}

/** Place predictions to places: the main text is the business name, the secondary text its address. */
export function placesFromAutocomplete(answer: AutocompleteAnswer): Place[] {
  const places: Place[] = [];
  for (const { placePrediction: p } of answer.suggestions ?? []) {
    const name = p?.structuredFormat?.mainText?.text ?? p?.text?.text;
    if (!p?.placeId || !name) continue;
    places.push({ placeId: p.placeId, name, address: p.structuredFormat?.secondaryText?.text ?? '' });
  }
  return places.slice(0, PLACES_LIMIT);
}

export class GooglePlacesError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'GooglePlacesError';
  }
}

/** The Google adapter: one Autocomplete call per search, keyed by the server's API key. */
export function googlePlacesProvider(options: GooglePlacesOptions): PlacesProvider {
  const baseUrl = (options.baseUrl ?? GOOGLE_PLACES_BASE_URL).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    async search(query, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const res = await doFetch(`${baseUrl}/v1/places:autocomplete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey },
        body: JSON.stringify(autocompleteRequest(query)),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
        throw new GooglePlacesError(res.status, body?.error?.message ?? `Google Places answered ${res.status}`);
      }
      return placesFromAutocomplete((await res.json()) as AutocompleteAnswer);
    },
  };
}
