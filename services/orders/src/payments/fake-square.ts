import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the part of Square's HTTP API the adapter uses, for specs: the official `square`
 * SDK talks to it (its `environment` is this base URL). OAuth: `GET /oauth2/authorize` is the seller
 * signing in and allowing the app at once (a redirect with a one-time `code` and the `state`),
 * `POST /oauth2/token` (authorization_code once; refresh_token), `POST /oauth2/revoke`
 * (`Authorization: Client {secret}`); `GET /v2/locations` with a live access token. Payments:
 * `POST /v2/payments` with a test card token (`cnon:card-nonce-ok` approves; `cnon:card-nonce-declined`
 * is declined with Square's error), idempotent by key per seller, `…/complete` and `…/cancel`;
 * `POST /v2/refunds` (no more than what is left); `POST /v2/orders`. `notification` signs a webhook
 * body as Square does (HMAC-SHA256 of the notification URL and the body, base64).
 */

/** Square's sandbox test card tokens the fake knows (developer.squareup.com, Sandbox payments). */
export const squareTestCards = { ok: 'cnon:card-nonce-ok', declined: 'cnon:card-nonce-declined' } as const;

export interface FakeSquarePayment {
  id: string;
  status: 'APPROVED' | 'COMPLETED' | 'CANCELED' | 'FAILED';
  amount: number;
  currency: string;
  locationId: string;
  referenceId?: string;
  merchantId: string;
  /** The application whose seller token created it: the sandbox app's or production's. */
  clientId: string;
  refunded: number;
  idempotencyKey: string;
}

export interface FakeSquareSeller {
  merchantId: string;
  locations: { id: string; name: string; status: 'ACTIVE' | 'INACTIVE' }[];
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
  payments(): Readonly<FakeSquarePayment>[];
  refunds(): { id: string; paymentId: string; amount: number; clientId: string }[];
  orders(): { id: string; locationId: string; referenceId?: string; merchantId: string; clientId: string; idempotencyKey: string; lineItems: unknown[] }[];
  /** The next refund is refused with Square's error. */
  refuseNextRefund(): void;
  /** The next `…/complete` is refused (the payment stays APPROVED). */
  refuseNextComplete(): void;
  /** The seller completes an approved payment on Square's side (its notification follows). */
  complete(paymentId: string): void;
  /** A webhook notification as Square sends it: the body and its `x-square-hmacsha256-signature`. */
  notification(type: string, object: Record<string, unknown>, sign: { signatureKey: string; notificationUrl: string; merchantId?: string; eventId?: string }): { payload: string; signature: string };
  /** A payment as Square's notifications carry it (snake_case). */
  paymentObject(paymentId: string): Record<string, unknown>;
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

  const payments: FakeSquarePayment[] = [];
  const refunds: ReturnType<FakeSquare['refunds']> = [];
  const orders: ReturnType<FakeSquare['orders']> = [];
  let refuseRefund = false;
  let refuseComplete = false;
  const paymentJson = (p: FakeSquarePayment) => ({
    id: p.id,
    status: p.status,
    amount_money: { amount: p.amount, currency: p.currency },
    total_money: { amount: p.amount, currency: p.currency },
    refunded_money: { amount: p.refunded, currency: p.currency },
    location_id: p.locationId,
    ...(p.referenceId ? { reference_id: p.referenceId } : {}),
    source_type: 'CARD',
    card_details: { status: p.status === 'COMPLETED' ? 'CAPTURED' : p.status === 'CANCELED' ? 'VOIDED' : 'AUTHORIZED', card: { card_brand: 'VISA', last_4: '1111' } },
    created_at: new Date().toISOString(),
  });

  function createPayment(res: ServerResponse, grant: Grant, body: Record<string, unknown>) {
    const key = String(body.idempotency_key ?? '');
    if (!key || key.length > 45) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'idempotency_key must be 1 to 45 characters');
    const earlier = payments.find((p) => p.idempotencyKey === key && p.merchantId === grant.merchantId && p.clientId === grant.clientId);
    if (earlier) return send(res, 200, { payment: paymentJson(earlier) });
    const money = body.amount_money as { amount?: number; currency?: string } | undefined;
    const locationId = String(body.location_id ?? sellers.get(grant.merchantId)?.locations[0]?.id ?? '');
    if (!sellers.get(grant.merchantId)?.locations.some((l) => l.id === locationId)) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location ${locationId} not found`);
    if (!money?.amount || money.amount <= 0 || !money.currency) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'amount_money is required');
    if (typeof body.reference_id === 'string' && body.reference_id.length > 40) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'VALUE_TOO_LONG', 'reference_id is at most 40 characters');
    if (body.source_id === squareTestCards.declined) return squareError(res, 402, 'PAYMENT_METHOD_ERROR', 'GENERIC_DECLINE', "Authorization error: 'GENERIC_DECLINE'");
    if (body.source_id !== squareTestCards.ok) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.');
    const payment: FakeSquarePayment = {
      id: id('', 11),
      status: body.autocomplete === false ? 'APPROVED' : 'COMPLETED',
      amount: money.amount,
      currency: money.currency,
      locationId,
      ...(typeof body.reference_id === 'string' ? { referenceId: body.reference_id } : {}),
      merchantId: grant.merchantId,
      clientId: grant.clientId,
      refunded: 0,
      idempotencyKey: key,
    };
    payments.push(payment);
    return send(res, 200, { payment: paymentJson(payment) });
  }

  function paymentAction(res: ServerResponse, grant: Grant, paymentId: string, action: string) {
    const payment = payments.find((p) => p.id === paymentId && p.merchantId === grant.merchantId && p.clientId === grant.clientId);
    if (!payment) return squareError(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Payment ${paymentId} not found`);
    if (action === 'complete') {
      if (refuseComplete) {
        refuseComplete = false;
        return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'The payment could not be completed.');
      }
      if (payment.status !== 'APPROVED' && payment.status !== 'COMPLETED') return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', `Payment is ${payment.status}`);
      payment.status = 'COMPLETED';
    } else {
      if (payment.status !== 'APPROVED') return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', `Payment is ${payment.status} and cannot be canceled`);
      payment.status = 'CANCELED';
    }
    return send(res, 200, { payment: paymentJson(payment) });
  }

  function refund(res: ServerResponse, grant: Grant, body: Record<string, unknown>) {
    const payment = payments.find((p) => p.id === body.payment_id && p.merchantId === grant.merchantId && p.clientId === grant.clientId);
    const money = body.amount_money as { amount?: number; currency?: string } | undefined;
    if (!payment) return squareError(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found');
    const key = `${grant.merchantId}:${String(body.idempotency_key ?? '')}`;
    const earlier = refunds.find((r) => (r as { key?: string }).key === key);
    if (earlier) return send(res, 200, { refund: { id: earlier.id, status: 'PENDING', payment_id: payment.id, amount_money: { amount: earlier.amount, currency: payment.currency } } });
    if (refuseRefund) {
      refuseRefund = false;
      return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'REFUND_DECLINED', 'The refund was declined.');
    }
    if (payment.status !== 'COMPLETED') return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Payment is not completed');
    if (!money?.amount || money.amount <= 0 || money.currency !== payment.currency) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'amount_money is invalid');
    if (money.amount > payment.amount - payment.refunded) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.');
    payment.refunded += money.amount;
    const issued = { id: `${payment.id}_${id('', 6)}`, paymentId: payment.id, amount: money.amount, clientId: grant.clientId, key };
    refunds.push(issued);
    return send(res, 200, { refund: { id: issued.id, status: 'PENDING', payment_id: payment.id, amount_money: { amount: money.amount, currency: payment.currency } } });
  }

  function createOrder(res: ServerResponse, grant: Grant, body: Record<string, unknown>) {
    const order = (body.order ?? {}) as { location_id?: string; reference_id?: string; line_items?: unknown[] };
    const key = String(body.idempotency_key ?? '');
    const earlier = orders.find((o) => o.idempotencyKey === key && o.merchantId === grant.merchantId);
    if (earlier) return send(res, 200, { order: { id: earlier.id, location_id: earlier.locationId, state: 'OPEN' } });
    if (!sellers.get(grant.merchantId)?.locations.some((l) => l.id === order.location_id)) return squareError(res, 400, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location ${order.location_id} not found`);
    const created = { id: id('', 12), locationId: order.location_id!, ...(order.reference_id ? { referenceId: order.reference_id } : {}), merchantId: grant.merchantId, clientId: grant.clientId, idempotencyKey: key, lineItems: order.line_items ?? [] };
    orders.push(created);
    return send(res, 200, { order: { id: created.id, location_id: created.locationId, state: 'OPEN' } });
  }

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
      const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const body = json as Record<string, string>;
      const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, ...(authorization ? { authorization } : {}), body });
      if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return authorize(res, url);
      if (req.method === 'POST' && url.pathname === '/oauth2/token') return token(res, body);
      if (req.method === 'POST' && url.pathname === '/oauth2/revoke') return revoke(res, authorization, body);
      if (url.pathname.startsWith('/v2/')) {
        const grant = live(authorization);
        if (!grant) return squareError(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.');
        if (req.method === 'GET' && url.pathname === '/v2/locations') return send(res, 200, { locations: sellers.get(grant.merchantId)?.locations ?? [] });
        if (req.method === 'POST' && url.pathname === '/v2/payments') return createPayment(res, grant, json);
        const action = /^\/v2\/payments\/([^/]+)\/(complete|cancel)$/.exec(url.pathname);
        if (req.method === 'POST' && action) return paymentAction(res, grant, action[1]!, action[2]!);
        if (req.method === 'POST' && url.pathname === '/v2/refunds') return refund(res, grant, json);
        if (req.method === 'POST' && url.pathname === '/v2/orders') return createOrder(res, grant, json);
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
    payments: () => [...payments],
    refunds: () => refunds.map(({ id: refundId, paymentId, amount, clientId }) => ({ id: refundId, paymentId, amount, clientId })),
    orders: () => [...orders],
    refuseNextRefund() {
      refuseRefund = true;
    },
    refuseNextComplete() {
      refuseComplete = true;
    },
    complete(paymentId) {
      const payment = payments.find((p) => p.id === paymentId);
      if (payment?.status === 'APPROVED') payment.status = 'COMPLETED';
    },
    paymentObject(paymentId) {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      return { payment: paymentJson(payment) };
    },
    notification(type, object, { signatureKey, notificationUrl, merchantId, eventId }) {
      const kind = type.split('.')[0]!;
      const payload = JSON.stringify({
        merchant_id: merchantId ?? 'MLFAKE',
        type,
        event_id: eventId ?? randomBytes(16).toString('hex'),
        created_at: new Date().toISOString(),
        data: { type: kind, id: (object[kind] as { id?: string } | undefined)?.id ?? '', object },
      });
      const signature = createHmac('sha256', signatureKey).update(notificationUrl + payload).digest('base64');
      return { payload, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The card number the fake Square.js tokenizes as Square's declined sandbox card. */
export const FAKE_SQUARE_JS_DECLINED = '4000000000000002';

/**
 * A fake of Square's Web Payments SDK for browser tests (served in place of
 * https://sandbox.web.squarecdn.com/v1/square.js): the card form is one card number field;
 * tokenize answers Square's sandbox test token (`cnon:card-nonce-ok`, or `cnon:card-nonce-declined`
 * for FAKE_SQUARE_JS_DECLINED), or Square's words for an empty number. What the page asked for is in
 * `window.__square` (application id, location, cards tokenized).
 */
export const fakeSquareJs = `
window.Square = {
  payments(applicationId, locationId) {
    const seen = (window.__square = { applicationId, locationId, tokenized: 0 });
    return {
      async card() {
        let host;
        return {
          async attach(target) {
            host = typeof target === 'string' ? document.querySelector(target) : target;
            host.innerHTML = '<label>Card number <input name="cardnumber" inputmode="numeric"></label>';
          },
          async tokenize() {
            const number = host.querySelector('input[name=cardnumber]').value.replace(/\\s/g, '');
            if (!number) return { status: 'Invalid', errors: [{ message: 'Card number is not valid' }] };
            seen.tokenized += 1;
            return { status: 'OK', token: number === '${FAKE_SQUARE_JS_DECLINED}' ? '${squareTestCards.declined}' : '${squareTestCards.ok}' };
          },
          async destroy() {
            if (host) host.innerHTML = '';
            return true;
          },
        };
      },
    };
  },
};`;
