import { datasetPlacesProvider, searchPlaces } from './dataset';
import bundled from './dataset.json';
import type { Place } from './provider';

const place = (name: string): Place => ({ placeId: `p-${name}`, name, address: '1 Main St, Springfield, IL 62701, USA' });

describe('the bundled places dataset', () => {
  it('holds about forty US establishments, each with a place id, a name and a US address', () => {
    expect(bundled.length).toBeGreaterThanOrEqual(40);
    expect(new Set(bundled.map((p) => p.placeId)).size).toBe(bundled.length);
    for (const p of bundled) {
      expect(p.name).not.toBe('');
      expect(p.address).toMatch(/, [A-Z]{2} \d{5}, USA$/);
    }
  });

  it('given a word of a name in any case, when searched, then that place is found', async () => {
    const names = (await datasetPlacesProvider().search('STADIUM')).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Yankee Stadium', 'Dodger Stadium']));
  });

  it('given several words, then every word must start a word of the name', () => {
    const places = [place("Joe's Pizza"), place("Joe's Stone Crab"), place('Pizza Joe')];
    expect(searchPlaces(places, 'joe pi').map((p) => p.name)).toEqual(["Joe's Pizza", 'Pizza Joe']);
    expect(searchPlaces(places, 'joes stone').map((p) => p.name)).toEqual(["Joe's Stone Crab"]);
  });

  it('given a name that starts with the query, then it comes before names that merely contain it', () => {
    const places = [place('Stadium Grill'), place('Arena Stadium'), place('Big Stadium')];
    expect(searchPlaces(places, 'stadium').map((p) => p.name)).toEqual(['Stadium Grill', 'Arena Stadium', 'Big Stadium']);
  });

  it('given a word in the middle of a word, or only punctuation, then nothing', () => {
    expect(searchPlaces([place('Fenway Park')], 'way')).toEqual([]);
    expect(searchPlaces([place('Fenway Park')], ' - ')).toEqual([]);
  });

  it('answers at most the limit', () => {
    const many = Array.from({ length: 20 }, (_, i) => place(`Cafe ${i}`));
    expect(searchPlaces(many, 'cafe', 8)).toHaveLength(8);
  });
});
