import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createJwksVerifier } from './jwks';
import { authMessages } from './messages';
import { createTestIssuer, type TestIssuer } from './testing';
import type { TokenVerifier } from './types';

const issuer = 'https://identity.seatside.test';
const audience = 'seatside';
const unauthorized = { kind: 'Unauthorized', message: authMessages.invalidToken };

/** Serves the issuer's key set the way the identity service's JWKS endpoint does. */
function serveJwks(trusted: TestIssuer): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(trusted.jwks));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/.well-known/jwks.json` });
    });
  });
}

/**
 * Changes one character early in the signature; the last character would not do, as some of its
 * bits are padding that decoding ignores.
 */
function tamper(token: string): string {
  const at = token.lastIndexOf('.') + 5;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

describe('JWKS verifier over a remote key set', () => {
  let trusted: TestIssuer;
  let server: Server;
  let verifier: TokenVerifier;

  beforeAll(async () => {
    trusted = await createTestIssuer({ issuer, audience });
    const served = await serveJwks(trusted);
    server = served.server;
    verifier = createJwksVerifier({ jwksUrl: served.url, issuer, audience });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('given a valid token with platform claims, when verified, then it yields the principal with those claims', async () => {
    const token = await trusted.sign({ uid: 'user-1', email: 'ada@example.com', claims: { admin: true } });
    await expect(verifier.verify(token)).resolves.toEqual({ uid: 'user-1', email: 'ada@example.com', claims: { admin: true } });
  });

  it('given a valid token without claims, when verified, then the principal has empty claims and no email', async () => {
    const token = await trusted.sign({ uid: 'user-2' });
    await expect(verifier.verify(token)).resolves.toEqual({ uid: 'user-2', claims: {} });
  });

  it('given an expired token, when verified, then it is Unauthorized', async () => {
    const token = await trusted.sign({ uid: 'user-1' }, { expiresIn: '-1m' });
    await expect(verifier.verify(token)).rejects.toMatchObject(unauthorized);
  });

  it('given a token from another issuer, when verified, then it is Unauthorized', async () => {
    const token = await trusted.sign({ uid: 'user-1' }, { issuer: 'https://elsewhere.test' });
    await expect(verifier.verify(token)).rejects.toMatchObject(unauthorized);
  });

  it('given a token for another audience, when verified, then it is Unauthorized', async () => {
    const token = await trusted.sign({ uid: 'user-1' }, { audience: 'someone-else' });
    await expect(verifier.verify(token)).rejects.toMatchObject(unauthorized);
  });

  it('given a token whose signature was tampered with, when verified, then it is Unauthorized', async () => {
    const token = await trusted.sign({ uid: 'user-1' });
    await expect(verifier.verify(tamper(token))).rejects.toMatchObject(unauthorized);
  });

  it('given a token signed by a key not in the set, when verified, then it is Unauthorized', async () => {
    const stranger = await createTestIssuer({ issuer, audience });
    const token = await stranger.sign({ uid: 'user-1', claims: { admin: true } });
    await expect(verifier.verify(token)).rejects.toMatchObject(unauthorized);
  });

  it('given something that is not a JWT, when verified, then it is Unauthorized', async () => {
    await expect(verifier.verify('not-a-token')).rejects.toMatchObject(unauthorized);
  });

  it('given a token checked once, when the clock passes its exp, then it is Unauthorized although it was remembered', async () => {
    let clock = Date.now();
    const remembering = createJwksVerifier({ jwks: trusted.jwks, issuer, audience, now: () => clock });
    const token = await trusted.sign({ uid: 'user-3' }, { expiresIn: '10s' });
    await expect(remembering.verify(token)).resolves.toEqual({ uid: 'user-3', claims: {} });
    await expect(remembering.verify(token)).resolves.toEqual({ uid: 'user-3', claims: {} });
    clock += 11_000;
    await expect(remembering.verify(token)).rejects.toMatchObject(unauthorized);
  });
});

