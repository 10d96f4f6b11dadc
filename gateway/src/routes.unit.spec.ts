import { matchesPrefix, resolveService, type RouteEntry } from './routes';

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
