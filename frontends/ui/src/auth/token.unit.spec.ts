import { describe, expect, it } from '@jest/globals';
import { adminClaimOf, tokenExpired } from './token';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe("what the browser reads of its access token", () => {
  it('given the admin claim or not, then adminClaimOf says so; a token it cannot read, undefined (the server judges it)', () => {
    expect(adminClaimOf(jwt({ sub: 'u1', claims: { admin: true } }))).toBe(true);
    expect(adminClaimOf(jwt({ sub: 'u1', claims: {} }))).toBe(false);
    expect(adminClaimOf(jwt({ sub: 'u1' }))).toBe(false);
    for (const unreadable of ['', 'not-a-jwt', 'a.%%%.c', `e30.${btoa('null')}.sig`]) expect([unreadable, adminClaimOf(unreadable)]).toEqual([unreadable, undefined]);
  });

  it('given its exp, then tokenExpired is true within the skew, false before; an unreadable token is not judged', () => {
    const now = Date.UTC(2026, 11, 1, 6, 0, 0);
    expect(tokenExpired(jwt({ exp: now / 1000 + 5 }), now)).toBe(true);
    expect(tokenExpired(jwt({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(tokenExpired('not-a-jwt', now)).toBe(false);
  });
});
