import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the part of Square's HTTP API the adapter uses, for specs: the official `square`
 * SDK talks to it (its `environment` is this base URL). OAuth: `GET /oauth2/authorize` is the seller
 * signing in and allowing the app at once (a redirect with a one-time `code` and the `state`),
 * `POST /oauth2/token` (authorization_code once; refresh_token), `POST /oauth2/revoke`
 * (`Authorization: Client {secret}`); `GET /v2/locations` with a live access token.
 */

export interface FakeSquareSeller {
  merchantId: string;
  locations: { id: string; name: string; status: 'ACTIVE' }[];
}

interface Grant {
  clientId: string;
  merchantId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  revoked: boolean;
}

export interface FakeSquare {
  url: string;
  requests: { method: string; path: string; authorization?: string; body: unknown }[];
  /** The seller the next authorization connects (default: a new one with one location). */
  nextSeller(seller: FakeSquareSeller): void;
  /** Every authorization asked for: the application id, state and redirect, and the code given. */
  authorizations(): { clientId: string; state: string; redirectUri: string; code: string; merchantId: string }[];
  /** The grants issued (access tokens) per seller, newest last. */
  grants(): Readonly<Grant>[];
  /** Tokens issued from now on expire after this many seconds (default 30 days). */
  tokenLifetime(seconds: number): void;
  close(): Promise<void>;
}

const id = (prefix: string, n = 12) => `${prefix}${randomBytes(n).toString('hex').toUpperCase()}`;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const squareError = (res: ServerResponse, status: number, category: string, code: string, detail: string) => send(res, status, { errors: [{ category, code, detail }] });

export async function startFakeSquare(secrets: Record<string, string>): Promise<FakeSquare> {
  const requests: FakeSquare['requests'] = [];
  const sellers = new Map<string, FakeSquareSeller>();
  const codes = new Map<string, { clientId: string; merchantId: string; used: boolean }>();
  const authorizations: ReturnType<FakeSquare['authorizations']> = [];
  const grants: Grant[] = [];
  let next: FakeSquareSeller | undefined;
  let lifetimeSeconds = 30 * 24 * 3600;

  const issue = (clientId: string, merchantId: string, refreshToken = id('EQAA', 16)): Grant => {
    const grant = { clientId, merchantId, accessToken: id('EAAA', 16), refreshToken, expiresAt: Date.now() + lifetimeSeconds * 1000, revoked: false };
    grants.push(grant);
    return grant;
  };
  const tokenAnswer = (grant: Grant) => ({
    access_token: grant.accessToken, token_type: 'bearer', expires_at: new Date(grant.expiresAt).toISOString(), merchant_id: grant.merchantId, refresh_token: grant.refreshToken, short_lived: false,
  });
  const live = (authorization: string | undefined) => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    return grants.find((g) => g.accessToken === token && !g.revoked && g.expiresAt > Date.now());
  };

  function authorize(res: ServerResponse, url: URL) {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    if (!secrets[clientId] || !redirectUri) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'client_id and redirect_uri are required');
    const seller = next ?? { merchantId: id('ML', 6), locations: [{ id: id('L', 6), name: 'Main', status: 'ACTIVE' as const }] };
    next = undefined;
    sellers.set(seller.merchantId, seller);
    const code = id('sq0cgp-', 12);
    codes.set(code, { clientId, merchantId: seller.merchantId, used: false });
    authorizations.push({ clientId, state, redirectUri, code, merchantId: seller.merchantId });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('response_type', 'code');
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(res: ServerResponse, body: Record<string, string>) {
    if (!body.client_id || secrets[body.client_id] !== body.client_secret) return squareError(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials');
    if (body.grant_type === 'authorization_code') {
      const grant = codes.get(body.code ?? '');
      if (!grant || grant.used || grant.clientId !== body.client_id) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid authorization code');
      grant.used = true;
      return send(res, 200, tokenAnswer(issue(body.client_id, grant.merchantId)));
    }
    if (body.grant_type === 'refresh_token') {
      const earlier = grants.find((g) => g.refreshToken === body.refresh_token && g.clientId === body.client_id && !g.revoked);
      if (!earlier) return squareError(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid refresh token');
      return send(res, 200, tokenAnswer(issue(body.client_id, earlier.merchantId, earlier.refreshToken)));
    }
    return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', `Unsupported grant_type ${body.grant_type}`);
  }

  function revoke(res: ServerResponse, authorization: string | undefined, body: Record<string, string>) {
    const secret = /^Client (\S+)$/.exec(authorization ?? '')?.[1];
    if (!body.client_id || secrets[body.client_id] !== secret) return squareError(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials');
    const target = grants.find((g) => g.clientId === body.client_id && (g.accessToken === body.access_token || g.merchantId === body.merchant_id));
    if (!target) return squareError(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'No such token');
    for (const g of grants) if (g.clientId === body.client_id && g.merchantId === target.merchantId) g.revoked = true;
    return send(res, 200, { success: true });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = await read(req);
      const body = (text ? JSON.parse(text) : {}) as Record<string, string>;
      const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, ...(authorization ? { authorization } : {}), body });
      if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return authorize(res, url);
      if (req.method === 'POST' && url.pathname === '/oauth2/token') return token(res, body);
      if (req.method === 'POST' && url.pathname === '/oauth2/revoke') return revoke(res, authorization, body);
      if (req.method === 'GET' && url.pathname === '/v2/locations') {
        const grant = live(authorization);
        if (!grant) return squareError(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.');
        return send(res, 200, { locations: sellers.get(grant.merchantId)?.locations ?? [] });
      }
      return squareError(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    })().catch((err: unknown) => squareError(res, 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', (err as Error).message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextSeller(seller) {
      next = seller;
    },
    authorizations: () => [...authorizations],
    grants: () => [...grants],
    tokenLifetime(seconds) {
      lifetimeSeconds = seconds;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
