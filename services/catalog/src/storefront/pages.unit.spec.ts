import { acceptsGzip, matchesEtag, pageCache, pageOf } from './pages';

describe('storefront pages', () => {
  it('given a document, when built, then its bytes, a weak ETag of them and a gzip only when large enough', () => {
    const small = pageOf('v1', { a: 1 });
    expect(small.body.toString()).toBe('{"a":1}');
    expect(small.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(small.gzip).toBe(small.body);
    expect(pageOf('v2', { a: 1 }).etag).toBe(small.etag);
    expect(pageOf('v1', { text: 'x'.repeat(5000) }).gzip.length).toBeLessThan(200);
  });

  it('given If-None-Match lists, then a match by weak comparison or *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it.each([
    ['gzip, deflate, br', true], ['br;q=1, gzip;q=0.5', true], [undefined, false], ['identity', false], ['gzip;q=0', false], ['deflate, gzip; q=0.000', false],
  ])('given Accept-Encoding %s, then gzip is %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('given many readers of a stale page at once, then one build, and the page is held until the version moves', async () => {
    const cache = pageCache();
    let builds = 0;
    const build = (version: string) => async () => {
      builds += 1;
      await new Promise((r) => setImmediate(r));
      return pageOf(version, { version });
    };
    const pages = await Promise.all([1, 2, 3].map(() => cache.at('m/production', 'v1', build('v1'))));
    expect(new Set(pages).size).toBe(1);
    expect(builds).toBe(1);
    await cache.at('m/production', 'v1', build('v1'));
    expect(builds).toBe(1);
    expect((await cache.at('m/production', 'v2', build('v2'))).version).toBe('v2');
    expect(builds).toBe(2);
  });

  it('given more pages than it holds, then the oldest goes first', async () => {
    const cache = pageCache(2);
    let builds = 0;
    const build = async () => (builds += 1, pageOf('v', {}));
    for (const key of ['a', 'b', 'c', 'a']) await cache.at(key, 'v', build);
    expect(builds).toBe(4);
  });
});
