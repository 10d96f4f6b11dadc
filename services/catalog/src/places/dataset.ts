import bundled from './dataset.json';
import { PLACES_LIMIT, type Place, type PlacesProvider } from './provider';

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9']+/).filter(Boolean);

/**
 * Every query word must start a word of the place's name, case-insensitively ("joe pi" finds
 * "Joe's Pizza"); names that start with the query come first, then alphabetical.
 */
export function searchPlaces(places: readonly Place[], query: string, limit = PLACES_LIMIT): Place[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  const q = query.trim().toLowerCase();
  return places
    .filter((place) => {
      const have = words(place.name).flatMap((word) => [word, word.replace(/'/g, '')]);
      return wanted.every((want) => have.some((word) => word.startsWith(want.replace(/'/g, ''))));
    })
    .sort((a, b) => Number(b.name.toLowerCase().startsWith(q)) - Number(a.name.toLowerCase().startsWith(q)) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** The offline adapter: about forty real-looking US establishments bundled with the service. */
export function datasetPlacesProvider(places: readonly Place[] = bundled): PlacesProvider {
  return { search: async (query) => searchPlaces(places, query) };
}
