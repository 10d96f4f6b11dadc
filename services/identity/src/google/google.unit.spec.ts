import { googleIdentityOf, registrationOf } from './claims';
import { GoogleSignInError } from './errors';
import { createGoogleSignIn, redirectUriOf } from './flow';
import type { OidcClient, ProviderMetadata } from './oidc';
import { authorizationUrl, discoveryUrl, providerMetadataOf, tokenRequest } from './oidc';
import type { PendingLogins } from './pending';
import { randomSecret, s256Challenge } from './pkce';

const metadata: ProviderMetadata = {
  issuer: 'https://accounts.google.com',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  code_challenge_methods_supported: ['plain', 'S256'],
};

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(GoogleSignInError);
  return (error as GoogleSignInError).reason;
};

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes 43-character base64url secrets, different each time', () => {
    expect(randomSecret()).toMatch(/^[\w-]{43}$/);
    expect(randomSecret()).not.toBe(randomSecret());
  });
});

describe('URLs', () => {
  it('finds discovery under the issuer, with or without a trailing slash', () => {
    expect(discoveryUrl('https://accounts.google.com')).toBe('https://accounts.google.com/.well-known/openid-configuration');
    expect(discoveryUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000/.well-known/openid-configuration');
  });

  it('puts the callback under the public URL', () => {
    expect(redirectUriOf('https://app.seatside.dev/')).toBe('https://app.seatside.dev/v1/auth/google/callback');
  });

  it('asks for a code with PKCE, state and nonce, keeping the endpoint’s own query', () => {
    const url = new URL(authorizationUrl('https://idp.example/auth?hd=example.com', { clientId: 'c', redirectUri: 'https://app/cb', state: 's', nonce: 'n', codeChallenge: 'x' }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hd: 'example.com',
      response_type: 'code',
      client_id: 'c',
      redirect_uri: 'https://app/cb',
      scope: 'openid email profile',
      state: 's',
      nonce: 'n',
      code_challenge: 'x',
      code_challenge_method: 'S256',
    });
  });
});

describe('discovery', () => {
  it('accepts a document for the configured issuer', () => {
    expect(providerMetadataOf({ ...metadata, extra: true }, 'https://accounts.google.com/')).toMatchObject(metadata);
  });

  it.each([
    ['another issuer', { ...metadata, issuer: 'https://evil.example' }],
    ['no S256', { ...metadata, code_challenge_methods_supported: ['plain'] }],
    ['no token endpoint', { ...metadata, token_endpoint: undefined }],
  ])('refuses a document with %s', (_case, document) => {
    expect(() => providerMetadataOf(document, metadata.issuer)).toThrow(GoogleSignInError);
  });
});

describe('token request', () => {
  const exchange = { code: 'the-code', codeVerifier: 'the-verifier', redirectUri: 'https://app/cb' };

  it('authenticates with client_secret_basic when offered, form-encoding the credentials first', () => {
    const { headers, body } = tokenRequest(metadata, { clientId: 'id:1', clientSecret: 's e/cret' }, exchange);
    expect(Buffer.from(String(headers.authorization).replace('Basic ', ''), 'base64').toString()).toBe('id%3A1:s+e%2Fcret');
    expect(Object.fromEntries(body)).toEqual({ grant_type: 'authorization_code', code: 'the-code', redirect_uri: 'https://app/cb', code_verifier: 'the-verifier' });
  });

  it('falls back to client_secret_post', () => {
    const { headers, body } = tokenRequest({ ...metadata, token_endpoint_auth_methods_supported: ['client_secret_post'] }, { clientId: 'id', clientSecret: 'secret' }, exchange);
    expect(headers.authorization).toBeUndefined();
    expect(body.get('client_id')).toBe('id');
    expect(body.get('client_secret')).toBe('secret');
  });

  it('uses client_secret_basic when discovery is silent (the OAuth default)', () => {
    const { headers } = tokenRequest({ ...metadata, token_endpoint_auth_methods_supported: undefined }, { clientId: 'id', clientSecret: 'secret' }, exchange);
    expect(headers.authorization).toMatch(/^Basic /);
  });

  it('gives up when neither is offered', () => {
    expect(() => tokenRequest({ ...metadata, token_endpoint_auth_methods_supported: ['private_key_jwt'] }, { clientId: 'id', clientSecret: 'secret' }, exchange)).toThrow(GoogleSignInError);
  });
});

describe('claims', () => {
  const claims = { sub: '1234', email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace' };

  it('maps a verified Google identity to a new account', () => {
    expect(registrationOf(googleIdentityOf(claims))).toEqual({
      email: 'ada@example.com',
      passwordHash: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      provider: 'google',
      emailVerified: true,
      googleSub: '1234',
    });
  });

  it('names an account without profile claims after the e-mail’s local part', () => {
    expect(registrationOf(googleIdentityOf({ sub: '1', email: 'grace.h@example.com', email_verified: 'true', name: ' ' }))).toMatchObject({
      firstName: 'grace.h',
      lastName: '',
      displayName: 'grace.h',
    });
  });

  it.each([
    ['an unverified e-mail', { ...claims, email_verified: false }, 'emailNotVerified'],
    ['no email_verified claim', { ...claims, email_verified: undefined }, 'emailNotVerified'],
    ['no e-mail', { ...claims, email: undefined }, 'badIdToken'],
    ['no subject', { ...claims, sub: '' }, 'badIdToken'],
  ])('refuses %s', (_case, payload, reason) => {
    expect(() => googleIdentityOf(payload)).toThrow(expect.objectContaining({ reason }));
  });
});

describe('completing a sign-in', () => {
  const state = 'browser-state';

  function given(options: { issuer?: string } = {}) {
    const pendingStates = new Set([state]);
    const pending: PendingLogins = {
      begin: async () => ({ state, nonce: 'n', codeChallenge: 'c' }),
      take: async (s) => (pendingStates.delete(s) ? { nonce: 'n', codeVerifier: 'v' } : undefined),
    };
    const client: OidcClient = {
      metadata: async () => ({ ...metadata, issuer: options.issuer ?? metadata.issuer }),
      exchangeCode: jest.fn(async () => 'id-token'),
      verifyIdToken: async () => ({ sub: '1', email: 'ada@example.com', email_verified: true }),
    };
    const users = { findByEmail: jest.fn(async () => null), register: jest.fn(async () => ({ id: 'new-user' })), run: jest.fn() };
    const signIn = createGoogleSignIn({
      google: { clientId: 'c', clientSecret: 's', issuer: metadata.issuer },
      publicUrl: 'https://app.seatside.dev',
      client,
      pending,
      users: users as never,
      sessions: { endAllOf: jest.fn() },
      now: () => new Date('2026-01-01T00:00:00Z'),
    });
    return { signIn, pendingStates, client, users };
  }

  it('exchanges the code with the pending verifier and the callback as redirect_uri', async () => {
    const { signIn, client } = given();
    await expect(signIn.complete({ state, code: 'code', iss: metadata.issuer }, state)).resolves.toBe('new-user');
    expect(client.exchangeCode).toHaveBeenCalledWith({ code: 'code', codeVerifier: 'v', redirectUri: 'https://app.seatside.dev/v1/auth/google/callback' });
  });

  it('refuses a state that is not the browser’s, and uses the browser’s pending login up', async () => {
    const { signIn, pendingStates, users } = given();
    expect(await failureOf(signIn.complete({ state: 'other', code: 'code' }, state))).toBe('badState');
    expect(pendingStates.size).toBe(0);
    expect(users.register).not.toHaveBeenCalled();
  });

  it('refuses an answer without the browser’s cookie', async () => {
    expect(await failureOf(given().signIn.complete({ state, code: 'code' }, undefined))).toBe('badState');
  });

  it('refuses a used or expired login', async () => {
    const { signIn } = given();
    await signIn.complete({ state, code: 'code' }, state);
    expect(await failureOf(signIn.complete({ state, code: 'code' }, state))).toBe('badState');
  });

  it('reports a refusal at the provider as denied', async () => {
    expect(await failureOf(given().signIn.complete({ state, error: 'access_denied' }, state))).toBe('denied');
  });

  it('refuses an answer naming another issuer (mix-up)', async () => {
    const { signIn, client } = given();
    expect(await failureOf(signIn.complete({ state, code: 'code', iss: 'https://evil.example' }, state))).toBe('badState');
    expect(client.exchangeCode).not.toHaveBeenCalled();
  });
});
