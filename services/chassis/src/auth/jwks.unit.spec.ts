import { DomainError } from '../errors';
import { looksLikeJwt, principalFromClaims, VERIFIED_TOKEN_TTL_MS, verifiedTokens } from './jwks';
import { authMessages } from './messages';

describe('principalFromClaims', () => {
  it('given sub, email and a claims object, when mapped, then they become uid, email and claims', () => {
    expect(principalFromClaims({ sub: 'u1', email: 'a@b.c', claims: { admin: true } })).toEqual({
      uid: 'u1',
      email: 'a@b.c',
      claims: { admin: true },
    });
  });

  it.each([['an array', ['admin']], ['a string', 'admin'], ['null', null]])(
    'given claims that are %s, when mapped, then claims are empty',
    (_label, claims) => {
      expect(principalFromClaims({ sub: 'u1', claims }).claims).toEqual({});
    },
  );

  it('given an API-key token with a tenant claim, when mapped, then the principal carries that tenant and mode', () => {
    const tenant = { collection: 'merchants', id: 'm1', testMode: true };
    expect(principalFromClaims({ sub: 'apikey:k1', claims: {}, tenant })).toEqual({ uid: 'apikey:k1', claims: {}, tenant });
  });

  it.each([
    ['an unknown collection', { collection: 'planets', id: 'm1', testMode: true }],
    ['no id', { collection: 'merchants', id: '', testMode: false }],
    ['a mode that is not a boolean', { collection: 'merchants', id: 'm1', testMode: 'yes' }],
    ['a string', 'merchants/m1'],
  ])('given a tenant claim with %s, when mapped, then it is Unauthorized', (_label, tenant) => {
    expect(() => principalFromClaims({ sub: 'apikey:k1', tenant })).toThrow(authMessages.invalidToken);
  });

  it('given no subject, when mapped, then it is Unauthorized', () => {
    const mapping = () => principalFromClaims({ email: 'a@b.c' });
    expect(mapping).toThrow(DomainError);
    expect(mapping).toThrow(authMessages.invalidToken);
  });
});

describe('looksLikeJwt', () => {
  it.each([
    ['eyJh.eyJz.c2ln', true],
    ['sk_test_abc', false],
    ['a.b', false],
    ['a.b.c.d', false],
  ])('given %p, then %p', (token, expected) => {
    expect(looksLikeJwt(token)).toBe(expected);
  });
});

describe('remembered tokens', () => {
  const at = Date.parse('2026-11-28T08:00:00Z');
  const payload = (expInSeconds: number) => ({ sub: 'user-1', exp: Math.floor(at / 1000) + expInSeconds });

  it('given a checked token, when asked again within the time to remember it, then its claims come back without a check', () => {
    let clock = at;
    const tokens = verifiedTokens(() => clock);
    tokens.set('t1', payload(3600));
    clock += VERIFIED_TOKEN_TTL_MS - 1;
    expect(tokens.get('t1')).toEqual(payload(3600));
  });

  it('given a checked token, when the time to remember it has passed, then it must be checked again', () => {
    let clock = at;
    const tokens = verifiedTokens(() => clock);
    tokens.set('t1', payload(3600));
    clock += VERIFIED_TOKEN_TTL_MS;
    expect(tokens.get('t1')).toBeUndefined();
  });

  it('given a token that expires before the time to remember it, then it is forgotten at its exp', () => {
    let clock = at;
    const tokens = verifiedTokens(() => clock);
    tokens.set('t1', payload(10));
    clock += 9_999;
    expect(tokens.get('t1')).toBeDefined();
    clock += 1;
    expect(tokens.get('t1')).toBeUndefined();
  });

  it('given more tokens than it holds, then the oldest are forgotten first', () => {
    const tokens = verifiedTokens(() => at, 2);
    tokens.set('a', payload(60));
    tokens.set('b', payload(60));
    tokens.set('c', payload(60));
    expect([tokens.get('a'), tokens.get('b')?.sub, tokens.get('c')?.sub]).toEqual([undefined, 'user-1', 'user-1']);
  });
});

