import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { isDomainError, statusOf, unauthorized, unavailable } from '../errors';
import { authenticate, parseAuthorization, requirePlatformAdmin, requirePrincipal } from './express';
import { authMessages } from './messages';
import { createTestIssuer, type TestIssuer } from './testing';
import type { Principal, TokenVerifier } from './types';

/** Stands in for the chassis problem handler: DomainError kind and message, with its status. */
const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (!isDomainError(err)) return void res.status(500).json({ kind: 'Unexpected', message: String(err) });
  res.status(statusOf[err.kind]).json({ kind: err.kind, message: err.message });
};

function appWith(verifiers: TokenVerifier | TokenVerifier[]) {
  const app = express();
  app.use(authenticate(verifiers));
  app.get('/whoami', (req, res) => {
    res.json({ principal: req.principal ?? null });
  });
  app.get('/account', (req, res) => {
    res.json({ uid: requirePrincipal(req).uid });
  });
  app.get('/admin', (req, res) => {
    res.json({ uid: requirePlatformAdmin(req).uid });
  });
  app.use(errorHandler);
  return app;
}

/** An API-key verifier as a later service would add it: it only looks at `sk_…` tokens. */
function apiKeyVerifier(principal: Principal): TokenVerifier & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    accepts: (token) => token.startsWith('sk_'),
    async verify(token) {
      seen.push(token);
      if (token !== 'sk_test_good') throw unauthorized('Unknown API key');
      return principal;
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('authenticate middleware', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: 'https://identity.seatside.test', audience: 'seatside' });
  });

  it('given no Authorization header, when a route runs, then the request is anonymous', async () => {
    const res = await request(appWith(issuer.verifier())).get('/whoami').expect(200);
    expect(res.body).toEqual({ principal: null });
  });

  it('given a good token, when a route runs, then req.principal is the token subject', async () => {
    const token = await issuer.sign({ uid: 'user-1', email: 'ada@example.com', claims: { admin: true } });
    const res = await request(appWith(issuer.verifier())).get('/whoami').set(bearer(token)).expect(200);
    expect(res.body).toEqual({ principal: { uid: 'user-1', email: 'ada@example.com', claims: { admin: true } } });
  });

  it('given a bad token, when a route is called, then the error handler answers Unauthorized', async () => {
    const token = await issuer.sign({ uid: 'user-1' }, { expiresIn: '-1m' });
    const res = await request(appWith(issuer.verifier())).get('/whoami').set(bearer(token)).expect(401);
    expect(res.body).toEqual({ kind: 'Unauthorized', message: authMessages.invalidToken });
  });

  it('given an Authorization header that is not a Bearer token, when a route is called, then it is Unauthorized', async () => {
    const res = await request(appWith(issuer.verifier())).get('/whoami').set('authorization', 'Basic dXNlcjpwdw==').expect(401);
    expect(res.body).toEqual({ kind: 'Unauthorized', message: authMessages.invalidToken });
  });

  it('given a JWT verifier and an API-key verifier, when an sk_ token comes, then only the API-key verifier sees it', async () => {
    const jwt = issuer.verifier();
    const verifySpy = jest.spyOn(jwt, 'verify');
    const apiKeys = apiKeyVerifier({ uid: 'apikey:k1', claims: {}, tenant: { collection: 'merchants', id: 'm1', testMode: true } });
    const app = appWith([jwt, apiKeys]);

    const res = await request(app).get('/whoami').set(bearer('sk_test_good')).expect(200);
    expect(res.body.principal).toMatchObject({ uid: 'apikey:k1', tenant: { id: 'm1', testMode: true } });

    const token = await issuer.sign({ uid: 'user-1' });
    await request(app).get('/whoami').set(bearer(token)).expect(200);
    expect(apiKeys.seen).toEqual(['sk_test_good']);
    expect(verifySpy).toHaveBeenCalledTimes(1);
  });

  it('given an unknown API key, when a route is called, then the API-key verifier\'s refusal reaches the error handler', async () => {
    const app = appWith([issuer.verifier(), apiKeyVerifier({ uid: 'apikey:k1', claims: {} })]);
    const res = await request(app).get('/whoami').set(bearer('sk_test_unknown')).expect(401);
    expect(res.body).toEqual({ kind: 'Unauthorized', message: 'Unknown API key' });
  });

  it('given a verifier whose store is down, when a token comes, then that error is passed on, not turned into 401', async () => {
    const broken: TokenVerifier = {
      verify: async () => {
        throw unavailable('Key store unavailable');
      },
    };
    const res = await request(appWith(broken)).get('/whoami').set(bearer('anything')).expect(503);
    expect(res.body).toEqual({ kind: 'Unavailable', message: 'Key store unavailable' });
  });
});

describe('requirePrincipal and requirePlatformAdmin', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: 'https://identity.seatside.test', audience: 'seatside' });
  });

  it('given an anonymous request, when a route requires a principal, then it is Unauthorized with "Sign in required"', async () => {
    const res = await request(appWith(issuer.verifier())).get('/account').expect(401);
    expect(res.body).toEqual({ kind: 'Unauthorized', message: authMessages.signInRequired });
  });

  it('given a signed-in user without the admin claim, when an admin route is called, then it is Forbidden', async () => {
    const token = await issuer.sign({ uid: 'user-1', claims: { admin: 'yes' } });
    const res = await request(appWith(issuer.verifier())).get('/admin').set(bearer(token)).expect(403);
    expect(res.body).toEqual({ kind: 'Forbidden', message: authMessages.noAccess });
  });

  it('given a platform admin, when an admin route is called, then it answers', async () => {
    const token = await issuer.sign({ uid: 'staff-1', claims: { admin: true } });
    const res = await request(appWith(issuer.verifier())).get('/admin').set(bearer(token)).expect(200);
    expect(res.body).toEqual({ uid: 'staff-1' });
  });
});

describe('parseAuthorization', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['Bearer abc.def.ghi', { kind: 'bearer', token: 'abc.def.ghi' }],
    ['bearer   sk_test_1', { kind: 'bearer', token: 'sk_test_1' }],
    ['Bearer', { kind: 'malformed' }],
    ['Bearer a b', { kind: 'malformed' }],
    ['Basic dXNlcjpwdw==', { kind: 'malformed' }],
  ])('given the header %p, when parsed, then it is %p', (header, expected) => {
    expect(parseAuthorization(header)).toEqual(expected);
  });
});
