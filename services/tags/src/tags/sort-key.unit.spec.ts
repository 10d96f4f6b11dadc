import { naturalSortKey } from './sort-key';

/** Sorts as the read model does: by the key in code point order (PostgreSQL `COLLATE "C"`). */
const sorted = (names: string[]) =>
  [...names].sort((a, b) => {
    const [x, y] = [naturalSortKey(a), naturalSortKey(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });

describe('natural sort key of a tag name', () => {
  it('given "Table 10" and "Table 2", then "Table 2" comes first', () => {
    expect(sorted(['Table 10', 'Table 2', 'Table 1'])).toEqual(['Table 1', 'Table 2', 'Table 10']);
  });

  it('given mixed case, then the order ignores case', () => {
    expect(sorted(['table 3', 'Bar 1', 'Table 2', 'bar 2'])).toEqual(['Bar 1', 'bar 2', 'Table 2', 'table 3']);
  });

  it('given several numbers in a name, then each compares as a number', () => {
    expect(sorted(['Section 112 Row F Seat 10', 'Section 9 Row F Seat 4', 'Section 112 Row F Seat 4'])).toEqual([
      'Section 9 Row F Seat 4', 'Section 112 Row F Seat 4', 'Section 112 Row F Seat 10',
    ]);
  });

  it('given seat letters after numbers, then 2C before 2D before 10A', () => {
    expect(sorted(['Seat 10A', 'Seat 2D', 'Seat 2C'])).toEqual(['Seat 2C', 'Seat 2D', 'Seat 10A']);
  });

  it('given leading zeros, accents and extra spaces, then they do not change the key', () => {
    expect(naturalSortKey('Table 007')).toBe(naturalSortKey('table 7'));
    expect(naturalSortKey('Étage  2')).toBe(naturalSortKey('etage 2'));
    expect(naturalSortKey(' Bar ')).toBe('bar');
  });

  it('given a name and the same name with a suffix, then the shorter comes first', () => {
    expect(sorted(['Table 2 Patio', 'Table 2', 'Table'])).toEqual(['Table', 'Table 2', 'Table 2 Patio']);
  });

  it('given numbers longer than a 64-bit integer, then they still compare by value', () => {
    expect(sorted(['Tag 100000000000000000000', 'Tag 99999999999999999999'])).toEqual(['Tag 99999999999999999999', 'Tag 100000000000000000000']);
  });
});
