import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodedPage, matchesEtag, pageCache, pageOf } from './pages';

describe('storefront pages', () => {
  it('given a document, when built, then its bytes, a weak ETag of them and a gzip and a Brotli only when large enough', () => {
    const small = pageOf('v1', { a: 1 });
    expect(small.body.toString()).toBe('{"a":1}');
    expect(small.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(small.gzip).toBe(small.body);
    expect(small.br).toBe(small.body);
    expect(pageOf('v2', { a: 1 }).etag).toBe(small.etag);
    const large = pageOf('v1', { text: 'x'.repeat(5000) });
    expect(large.gzip.length).toBeLessThan(200);
    expect(large.br.length).toBeLessThan(200);
    expect(gunzipSync(large.gzip)).toEqual(large.body);
    expect(brotliDecompressSync(large.br)).toEqual(large.body);
  });

  it('given If-None-Match lists, then a match by weak comparison or *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it.each([
    ['gzip, deflate, br', 'br'], ['br;q=1, gzip;q=0.5', 'br'], ['br;q=0, gzip', 'gzip'], ['gzip', 'gzip'], [undefined, undefined], ['identity', undefined],
    ['gzip;q=0', undefined], ['deflate, gzip; q=0.000', undefined],
  ])('given Accept-Encoding %s, when a large page is sent, then its %s bytes', (header, expected) => {
    const page = pageOf('v1', { text: 'x'.repeat(5000) });
    const { body, coding } = encodedPage(page, header);
    expect(coding).toBe(expected);
    expect(body).toBe(expected === 'br' ? page.br : expected === 'gzip' ? page.gzip : page.body);
  });

  it('given a small page, when a client takes br and gzip, then its identity bytes', () => {
    const page = pageOf('v1', { a: 1 });
    expect(encodedPage(page, 'br, gzip')).toEqual({ body: page.body });
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
