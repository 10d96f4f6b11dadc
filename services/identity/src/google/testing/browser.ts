/**
 * Just enough of a browser for redirect flows over fetch: a cookie jar (host-only cookies, paths,
 * expiry) and manual redirects, so a spec sees every hop.
 */
type Cookie = { host: string; name: string; value: string; path: string; expires?: number };

const pathMatches = (requestPath: string, cookiePath: string) =>
  requestPath === cookiePath || (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

/** RFC 6265 §5.1.4: a cookie without Path belongs to the request path's directory. */
const defaultPath = (url: URL) => {
  const slash = url.pathname.lastIndexOf('/');
  return slash <= 0 ? '/' : url.pathname.slice(0, slash);
};

function parseSetCookie(header: string, url: URL): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  const cookie: Cookie = { host: url.hostname, name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim(), path: defaultPath(url) };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=').trim();
    switch (key.trim().toLowerCase()) {
      case 'path':
        if (value.startsWith('/')) cookie.path = value;
        break;
      case 'max-age':
        cookie.expires = Date.now() + Number(value) * 1000;
        break;
      case 'expires':
        cookie.expires ??= Date.parse(value);
        break;
    }
  }
  return cookie;
}

export type Visit = {
  /** The last response fetched. */
  response: Response;
  /** The URL it was fetched from. */
  url: URL;
  /** Where its redirect pointed when `until` stopped the walk there (not fetched). */
  landing?: URL;
};

export class TestBrowser {
  private jar: Cookie[] = [];

  /** A live cookie's value, by name (any host and path). */
  cookie(name: string): string | undefined {
    return this.live().find((cookie) => cookie.name === name)?.value;
  }

  /** One request, sending and keeping cookies, never following redirects. */
  async fetch(url: URL, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const cookies = this.live().filter((cookie) => cookie.host === url.hostname && pathMatches(url.pathname, cookie.path));
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: cookies.length ? { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } : {},
    });
    for (const header of response.headers.getSetCookie()) this.keep(parseSetCookie(header, url));
    return response;
  }

  /**
   * Fetches and follows redirects (as GET, the way browsers do after 302/303) until a page answers
   * or `until` accepts the next location.
   */
  async visit(start: string | URL, options: { method?: string; body?: URLSearchParams; until?: (next: URL) => boolean } = {}): Promise<Visit> {
    let url = new URL(start);
    let init: { method?: string; body?: URLSearchParams } = { method: options.method, body: options.body };
    for (;;) {
      const response = await this.fetch(url, init);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      await response.arrayBuffer();
      const next = new URL(location, url);
      if (options.until?.(next)) return { response, url, landing: next };
      url = next;
      init = {};
    }
  }

  private keep(cookie: Cookie) {
    this.jar = this.jar.filter((c) => !(c.host === cookie.host && c.name === cookie.name && c.path === cookie.path));
    if (cookie.expires === undefined || cookie.expires > Date.now()) this.jar.push(cookie);
  }

  private live() {
    return this.jar.filter((cookie) => cookie.expires === undefined || cookie.expires > Date.now());
  }
}
