import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyLike } from 'jose';
import { GoogleSignInError } from './errors';
import { createOidcClient } from './oidc';

/** ID token checks against a provider on loopback serving only discovery and its keys. */
describe('ID token verification', () => {
  let server: Server;
  let issuer: string;
  let key: KeyLike;
  const now = new Date();
  const clientId = 'seatside-web';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    server = createServer((req, res) => {
      const body =
        req.url === '/.well-known/openid-configuration'
          ? { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` }
          : jwks;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const idToken = (claims: JWTPayload, overrides: { issuer?: string; audience?: string | string[] } = {}) =>
    new SignJWT({ email: 'ada@example.com', email_verified: true, nonce: 'the-nonce', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('google-ada')
      .setIssuer(overrides.issuer ?? issuer)
      .setAudience(overrides.audience ?? clientId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 300)
      .sign(key);

  const client = () => createOidcClient({ clientId, clientSecret: 's', issuer }, () => now);
  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'verified',
      (e: unknown) => (e instanceof GoogleSignInError ? e.reason : e),
    );

  it('accepts a token for us, from the issuer, with our nonce', async () => {
    await expect(client().verifyIdToken(await idToken({}), 'the-nonce')).resolves.toMatchObject({ sub: 'google-ada', email: 'ada@example.com' });
  });

  it('accepts several audiences when we are the authorized party', async () => {
    await expect(client().verifyIdToken(await idToken({ azp: clientId }, { audience: [clientId, 'other'] }), 'the-nonce')).resolves.toBeDefined();
  });

  it.each([
    ['another nonce', () => idToken({ nonce: 'replayed' })],
    ['another audience', () => idToken({}, { audience: 'someone-else' })],
    ['another issuer', () => idToken({}, { issuer: 'https://evil.example' })],
    ['several audiences, another authorized party', () => idToken({ azp: 'other' }, { audience: [clientId, 'other'] })],
    ['another signer', async () => new SignJWT({ nonce: 'the-nonce' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setSubject('x').setIssuer(issuer).setAudience(clientId).setIssuedAt().setExpirationTime('5m').sign((await generateKeyPair('RS256')).privateKey)],
  ])('refuses %s', async (_case, token) => {
    expect(await reasonOf(client().verifyIdToken(await token(), 'the-nonce'))).toBe('badIdToken');
  });

  it('fails discovery for a provider that names another issuer', async () => {
    const misconfigured = createOidcClient({ clientId, clientSecret: 's', issuer: `${issuer}/tenant` }, () => now, (async (url: string) =>
      fetch(String(url).replace('/tenant', ''))) as typeof fetch);
    expect(await reasonOf(misconfigured.metadata())).toBe('discovery');
  });
});
