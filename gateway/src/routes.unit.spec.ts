import { matchesPrefix, resolveService, routeTable, type RouteEntry } from './routes';

describe('the platform route table', () => {
  it.each([
    ['/v1/auth/sign-up', 'identity'],
    ['/v1/auth/me', 'identity'],
    ['/v1/users/forget-password', 'identity'],
    ['/v1/users/me/photo', 'identity'],
    ['/v1/dev/mailbox', 'identity'],
    ['/.well-known/jwks.json', 'identity'],
    ['/v1/merchants/m1/users', 'identity'],
    ['/v1/venues/v1/users/u2/set-role', 'identity'],
    ['/v1/apps/a1/api-keys/k1', 'identity'],
    ['/v1/merchants/create', 'catalog'],
    ['/v1/venues/create', 'catalog'],
    ['/v1/handles/joes-pizza', 'catalog'],
    ['/v1/places', 'catalog'],
    ['/v1/merchants/m1/products', 'catalog'],
    ['/v1/merchants/m1/products/p1', 'catalog'],
    ['/v1/merchants/m1/services/order', 'catalog'],
    ['/v1/merchants/m1/coupons/c1', 'catalog'],
    ['/v1/merchants/m1', 'catalog'],
    ['/v1/storefront/joes-pizza', 'catalog'],
    ['/v1/venues/v1', 'catalog'],
    ['/v1/venues/v1/merchants/order', 'catalog'],
    ['/v1/venues/v1/merchants/search', 'catalog'],
    ['/v1/venues/v1/link/m1', 'catalog'],
    ['/v1/merchants/m1/venue-requests/v1', 'catalog'],
    ['/v1/merchants/m1/import', 'catalog'],
    ['/v1/merchants/m1/delete-test-data', 'catalog'],
    ['/v1/merchants/m1/brand', 'media'],
    ['/v1/venues/v1/uploads', 'media'],
    ['/v1/apps/a1/upload', 'media'],
    ['/v1/merchants/m1/objects', 'media'],
    ['/v1/media/merchants/m1/brand/banner-1.png', 'media'],
    ['/v1/merchants/m1/orders', 'orders'],
    ['/v1/merchants/m1/orders/o1', 'orders'],
    ['/v1/orders/o1', 'orders'],
    ['/v1/payments/stripe/webhook', 'orders'],
    ['/v1/merchants/m1/stripe/sandbox/connect/oauth/t1', 'orders'],
    ['/v1/payments/stripe/connect/callback', 'orders'],
    ['/v1/square/m1/sandbox/oauth/t1', 'orders'],
    ['/v1/merchants/m1/production/square/locations', 'orders'],
    ['/v1/merchants/m1/tags', 'tags'],
    ['/v1/venues/v1/tags/t1', 'tags'],
    ['/v1/tags/t1', 'tags'],
    ['/qr/abc123', 'tags'],
    ['/qr/', 'tags'],
    ['/v1/merchants/m1/templates', 'tags'],
    ['/v1/venues/v1/templates/t1/print', 'tags'],
    ['/api/template/', 'tags'],
    ['/api/template/fonts/roboto-latin-400-normal.woff2', 'tags'],
    ['/appclip/abc123', 'tags'],
    ['/v1/venues/v1/qr-download', 'tags'],
    ['/api/mockup', 'media'],
    ['/v1/merchants/m1/voice/token', 'ai-voice'],
    ['/api/ai/order/vertex', 'ai-voice'],
    ['/v1/contact', 'chat'],
    ['/v1/faqs/f1', 'chat'],
  ])('given %s, then %s answers it', (path, service) => {
    expect(resolveService(path, routeTable)).toBe(service);
  });

  it('given an unknown path, then no service owns it', () => {
    expect(resolveService('/v1/planets/p1/users', routeTable)).toBeUndefined();
    // The App Clip demo page is the web app's; only /appclip/{code} is the tags service's image.
    expect(resolveService('/appclip', routeTable)).toBeUndefined();
    expect(resolveService('/mockup', routeTable)).toBeUndefined();
  });
});

describe('route table', () => {
  const table: RouteEntry[] = [
    { service: 'orders', prefixes: ['/v1/merchants/:merchantId/orders'] },
    { service: 'catalog', prefixes: ['/v1/merchants'] },
    { service: 'chat', prefixes: ['/v1/contact'] },
  ];

  it('given a prefix, then it matches whole segments only', () => {
    expect(matchesPrefix('/v1/contact', '/v1/contact')).toBe(true);
    expect(matchesPrefix('/v1/contact', '/v1/contact/')).toBe(true);
    expect(matchesPrefix('/v1/contact', '/v1/contact-submissions')).toBe(false);
    expect(matchesPrefix('/v1/contact', '/v1')).toBe(false);
  });

  it('given a pattern ending in $, then only that exact path matches', () => {
    expect(matchesPrefix('/v1/merchants/:id$', '/v1/merchants/m1')).toBe(true);
    expect(matchesPrefix('/v1/merchants/:id$', '/v1/merchants/m1/')).toBe(true);
    expect(matchesPrefix('/v1/merchants/:id$', '/v1/merchants/m1/orders')).toBe(false);
    expect(matchesPrefix('/v1/merchants/:id$', '/v1/merchants')).toBe(false);
  });

  it('given a :param segment, then any one segment matches it', () => {
    expect(matchesPrefix('/v1/merchants/:merchantId/orders', '/v1/merchants/m1/orders/o1')).toBe(true);
    expect(matchesPrefix('/v1/merchants/:merchantId/orders', '/v1/merchants/m1/coupons')).toBe(false);
  });

  it('when two entries match, then the first one wins', () => {
    expect(resolveService('/v1/merchants/m1/orders', table)).toBe('orders');
    expect(resolveService('/v1/merchants/m1/coupons', table)).toBe('catalog');
    expect(resolveService('/v1/unknown', table)).toBeUndefined();
  });
});
