import { preferredEncoding } from './encoding';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=0.0, br;q=0.000', undefined],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', undefined],
  ])('given Accept-Encoding %p, when negotiated, then %p', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('given only gzip is available, when the client prefers br, then gzip', () => {
    expect(preferredEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});
