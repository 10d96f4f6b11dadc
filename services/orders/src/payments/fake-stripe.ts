import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the part of Stripe's HTTP API the adapter uses, for specs: the real SDK talks to
 * it (host/port/protocol options). `POST /v1/payment_intents` (form-encoded, honouring
 * `Idempotency-Key` per key and account as Stripe does, and `Stripe-Account`) and
 * `GET /v1/payment_intents/:id` (with `expand[]=latest_charge`), `POST /v1/payment_intents/:id/cancel`
 * (refused once it succeeded, as Stripe does), `POST /v1/refunds` (bounded by what the intent received
 * and was not refunded). Signed webhook payloads come from
 * the SDK's own `generateTestHeaderString`.
 *
 * Connect: `GET /oauth/authorize` is the merchant signing in and allowing the platform at once (a
 * redirect to `redirect_uri` with a one-time `code` and the `state` given), `POST /oauth/token`
 * exchanges the code (once; the key's mode is the account's `livemode`), `GET /v1/accounts/:id`
 * answers the account with its `charges_enabled`, which `setChargesEnabled` changes.
 */

type Params = { [key: string]: string | Params };

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  livemode: boolean;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string } | null;
  cancellation_reason?: string | null;
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string;
  account?: string;
  idempotencyKey?: string;
  params: Params;
}

interface StoredIntent {
  intent: FakeIntent;
  apiKey: string;
  account?: string;
  params: Params;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  charges_enabled: boolean;
  details_submitted: boolean;
  type: 'standard';
}

export interface FakeStripe {
  url: string;
  /** Every Connect authorization: the client id and state it was asked with, the account it connects. */
  authorizations(): { clientId: string; state: string; redirectUri: string; code: string; accountId: string }[];
  /** The account the next authorization connects (default: a new one, charges not enabled yet). */
  nextConnectAccount(accountId: string, chargesEnabled?: boolean): void;
  /** Stripe finished reviewing (or restricted) the account: returns it as `account.updated` carries it. */
  setChargesEnabled(accountId: string, enabled: boolean): FakeAccount;
  requests: RecordedRequest[];
  /** Every PaymentIntent created, in order (a replayed create adds none). */
  created(): (FakeIntent & { account?: string; apiKey: string; params: Params })[];
  /** A PaymentIntent as it now stands. */
  intent(id: string): FakeIntent;
  /** The diner confirmed: succeeded, with a charge by this card (refused once cancelled). Returns the intent as a webhook carries it. */
  succeed(id: string, card?: { brand: string; last4: string }): FakeIntent;
  /** The card was declined. */
  decline(id: string, message?: string): FakeIntent;
  /** The next create is refused (400, as Stripe refuses an invalid request; the SDK does not retry it). */
  refuseNextCreate(message?: string): void;
  /** Every refund issued, in order (a replayed create adds none). */
  refunds(): FakeRefund[];
  /** The next refund is refused (400). */
  refuseNextRefund(message?: string): void;
  /** A webhook delivery: the event's JSON and its `Stripe-Signature` for this secret (livemode: the object's, else false). */
  webhook(type: string, object: FakeIntent | FakeAccount, options: { secret: string; account?: string; id?: string; livemode?: boolean }): { payload: string; signature: string };
  close(): Promise<void>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  account?: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=v` form fields (and query strings) as nested objects, as Stripe reads them. */
export function parseForm(text: string): Params {
  const out: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] = typeof node[part] === 'object' ? node[part] : {}) as Params;
    });
  }
  return out;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
  res.end(JSON.stringify(body));
};

const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, StoredIntent>();
  const charges = new Map<string, { id: string; object: 'charge'; payment_method_details: { type: 'card'; card: { brand: string; last4: string } } }>();
  const idempotent = new Map<string, { body: string; intentId: string }>();
  const requests: RecordedRequest[] = [];
  const createdIds: string[] = [];
  let refusal: string | undefined;
  const refunds: FakeRefund[] = [];
  const idempotentRefunds = new Map<string, { body: string; refund: FakeRefund }>();
  let refundRefusal: string | undefined;
  const accounts = new Map<string, FakeAccount>();
  const codes = new Map<string, { accountId: string; used: boolean }>();
  const authorizations: { clientId: string; state: string; redirectUri: string; code: string; accountId: string }[] = [];
  let nextAccount: { id: string; chargesEnabled: boolean } | undefined;
  const accountOf = (accountId: string, chargesEnabled = false) => {
    let account = accounts.get(accountId);
    if (!account) {
      account = { id: accountId, object: 'account', charges_enabled: chargesEnabled, details_submitted: chargesEnabled, type: 'standard' };
      accounts.set(accountId, account);
    }
    return account;
  };

  /** GET /oauth/authorize: the merchant signs in and allows the platform (no page: straight back). */
  function authorize(res: ServerResponse, url: URL) {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    if (!clientId.startsWith('ca_') || !redirectUri) return stripeError(res, 400, 'invalid_request', 'client_id and redirect_uri are required');
    const next = nextAccount ?? { id: id('acct'), chargesEnabled: false };
    nextAccount = undefined;
    accountOf(next.id, next.chargesEnabled);
    const code = id('ac');
    codes.set(code, { accountId: next.id, used: false });
    authorizations.push({ clientId, state, redirectUri, code, accountId: next.id });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('scope', 'read_write');
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  /** POST /oauth/token: a code once, for the key's mode. */
  function token(res: ServerResponse, recorded: RecordedRequest) {
    const grant = codes.get(String(recorded.params.code ?? ''));
    if (recorded.params.grant_type !== 'authorization_code' || !grant || grant.used) {
      return send(res, 400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${String(recorded.params.code ?? '')}` });
    }
    grant.used = true;
    const livemode = recorded.apiKey.startsWith('sk_live_');
    return send(res, 200, {
      access_token: `${livemode ? 'sk_live' : 'sk_test'}_${randomBytes(8).toString('hex')}`, livemode, refresh_token: id('rt'), scope: 'read_write',
      stripe_publishable_key: `${livemode ? 'pk_live' : 'pk_test'}_${randomBytes(8).toString('hex')}`, stripe_user_id: grant.accountId, token_type: 'bearer',
    });
  }

  /** An intent as its caller may see it: it lives on the account it was created on (a direct charge), and in its mode. */
  const ownIntent = (recorded: RecordedRequest, intentId: string) => {
    const stored = intents.get(intentId);
    return stored && stored.account === recorded.account && stored.apiKey === recorded.apiKey ? stored : undefined;
  };
  const noSuchIntent = (res: ServerResponse, intentId: string) => stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing');
  /** Stripe keeps an Idempotency-Key per API key and account. */
  const idempotencyScopeOf = (recorded: RecordedRequest) => (recorded.idempotencyKey ? `${recorded.apiKey} ${recorded.account ?? ''} ${recorded.idempotencyKey}` : undefined);

  function create(res: ServerResponse, recorded: RecordedRequest, body: string) {
    const scope = idempotencyScopeOf(recorded);
    const earlier = scope ? idempotent.get(scope) : undefined;
    if (earlier) {
      if (earlier.body !== body) {
        return stripeError(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      return send(res, 200, intents.get(earlier.intentId)!.intent, { 'idempotent-replayed': 'true' });
    }
    if (refusal !== undefined) {
      const message = refusal;
      refusal = undefined;
      return stripeError(res, 400, 'invalid_request_error', message);
    }
    const { params } = recorded;
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || typeof params.currency !== 'string') {
      return stripeError(res, 400, 'invalid_request_error', 'Missing or invalid amount or currency', 'parameter_invalid_integer');
    }
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      automatic_payment_methods: typeof params.automatic_payment_methods === 'object' ? { enabled: params.automatic_payment_methods.enabled === 'true' } : null,
      livemode: recorded.apiKey.startsWith('sk_live_'),
      latest_charge: null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(intentId, { intent, apiKey: recorded.apiKey, account: recorded.account, params });
    createdIds.push(intentId);
    if (scope) idempotent.set(scope, { body, intentId });
    return send(res, 200, intent);
  }

  function retrieve(res: ServerResponse, recorded: RecordedRequest, intentId: string) {
    const stored = ownIntent(recorded, intentId);
    if (!stored) return noSuchIntent(res, intentId);
    const expand = Object.values((recorded.params.expand ?? {}) as Params);
    const { intent } = stored;
    const charge = expand.includes('latest_charge') && intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    return send(res, 200, charge ? { ...intent, latest_charge: charge } : intent);
  }

  /** POST /v1/payment_intents/:id/cancel: only while the diner has not paid it. */
  function cancel(res: ServerResponse, recorded: RecordedRequest, intentId: string) {
    const stored = ownIntent(recorded, intentId);
    if (!stored) return noSuchIntent(res, intentId);
    if (stored.intent.status === 'succeeded' || stored.intent.status === 'canceled') {
      return stripeError(
        res, 400, 'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${stored.intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        'payment_intent_unexpected_state',
      );
    }
    stored.intent = { ...stored.intent, status: 'canceled', cancellation_reason: String(recorded.params.cancellation_reason ?? '') || null };
    return send(res, 200, stored.intent);
  }

  /** POST /v1/refunds: part or all of a succeeded intent, on the account and in the mode it was made in. */
  function refund(res: ServerResponse, recorded: RecordedRequest, body: string) {
    const scope = idempotencyScopeOf(recorded);
    const earlier = scope ? idempotentRefunds.get(scope) : undefined;
    if (earlier) {
      if (earlier.body !== body) return stripeError(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return send(res, 200, earlier.refund, { 'idempotent-replayed': 'true' });
    }
    if (refundRefusal !== undefined) {
      const message = refundRefusal;
      refundRefusal = undefined;
      return stripeError(res, 400, 'invalid_request_error', message);
    }
    const intentId = String(recorded.params.payment_intent ?? '');
    const stored = ownIntent(recorded, intentId);
    if (!stored) return noSuchIntent(res, intentId);
    const refunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
    const amount = recorded.params.amount === undefined ? stored.intent.amount_received - refunded : Number(recorded.params.amount);
    if (stored.intent.status !== 'succeeded') return stripeError(res, 400, 'invalid_request_error', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    if (!Number.isInteger(amount) || amount < 1 || amount > stored.intent.amount_received - refunded) {
      return stripeError(res, 400, 'invalid_request_error', `Refund amount (${amount}) is greater than the unrefunded amount on the charge.`);
    }
    const issued: FakeRefund = { id: id('re'), object: 'refund', amount, payment_intent: intentId, status: 'succeeded', ...(recorded.account ? { account: recorded.account } : {}) };
    refunds.push(issued);
    if (scope) idempotentRefunds.set(scope, { body, refund: issued });
    return send(res, 200, issued);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await read(req);
      // The merchant's browser, not the SDK: no API key.
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') return authorize(res, url);
      const apiKey = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!apiKey) return stripeError(res, 401, 'invalid_request_error', 'You did not provide an API key.');
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        apiKey,
        ...(header('stripe-account') ? { account: header('stripe-account') } : {}),
        ...(header('idempotency-key') ? { idempotencyKey: header('idempotency-key') } : {}),
        params: parseForm(req.method === 'GET' ? url.search.slice(1) : body),
      };
      requests.push(recorded);
      if (req.method === 'POST' && url.pathname === '/oauth/token') return token(res, recorded);
      const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && accountMatch) {
        const account = accounts.get(decodeURIComponent(accountMatch[1]!));
        return account ? send(res, 200, account) : stripeError(res, 404, 'invalid_request_error', `No such account: '${accountMatch[1]}'`, 'resource_missing');
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') return create(res, recorded, body);
      if (req.method === 'POST' && url.pathname === '/v1/refunds') return refund(res, recorded, body);
      const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
      if (req.method === 'GET' && match && !match[2]) return retrieve(res, recorded, decodeURIComponent(match[1]!));
      if (req.method === 'POST' && match?.[2]) return cancel(res, recorded, decodeURIComponent(match[1]!));
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    })().catch((err: unknown) => stripeError(res, 500, 'api_error', (err as Error).message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intentOf = (intentId: string) => {
    const stored = intents.get(intentId);
    if (!stored) throw new Error(`fake Stripe: no payment intent ${intentId}`);
    return stored;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    created: () => createdIds.map((intentId) => {
      const { intent, account, apiKey, params } = intentOf(intentId);
      return { ...intent, apiKey, params, ...(account ? { account } : {}) };
    }),
    intent: (intentId) => intentOf(intentId).intent,
    succeed(intentId, card = { brand: 'visa', last4: '4242' }) {
      const stored = intentOf(intentId);
      if (stored.intent.status === 'canceled') throw new Error(`fake Stripe: payment intent ${intentId} was cancelled and cannot be paid`);
      const charge = { id: id('ch'), object: 'charge' as const, payment_method_details: { type: 'card' as const, card } };
      charges.set(charge.id, charge);
      stored.intent = { ...stored.intent, status: 'succeeded', amount_received: stored.intent.amount, latest_charge: charge.id, last_payment_error: null };
      return stored.intent;
    },
    decline(intentId, message = 'Your card was declined.') {
      const stored = intentOf(intentId);
      stored.intent = { ...stored.intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message } };
      return stored.intent;
    },
    refuseNextCreate(message = 'This request was refused.') {
      refusal = message;
    },
    refunds: () => [...refunds],
    refuseNextRefund(message = 'This refund was refused.') {
      refundRefusal = message;
    },
    authorizations: () => [...authorizations],
    nextConnectAccount(accountId, chargesEnabled = false) {
      nextAccount = { id: accountId, chargesEnabled };
    },
    setChargesEnabled(accountId, enabled) {
      const account = { ...accountOf(accountId), charges_enabled: enabled, details_submitted: true };
      accounts.set(accountId, account);
      return account;
    },
    webhook(type, object, { secret, account, id: eventId = id('evt'), livemode }) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: livemode ?? ('livemode' in object ? object.livemode : false),
        type,
        ...(account ? { account } : {}),
        data: { object },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** The test card number the fake Stripe.js declines (Stripe's own test card for a generic decline). */
export const FAKE_STRIPE_JS_DECLINED = '4000000000000002';

/**
 * A fake of Stripe.js for browser tests (served in place of https://js.stripe.com/v3/): the Payment
 * Element is one card number field; confirmPayment succeeds (the PaymentIntent of the client
 * secret) unless the number is FAKE_STRIPE_JS_DECLINED, which Stripe declines in its own words.
 * What the page asked for is in `window.__stripe` (publishable key, account, client secret,
 * payments confirmed).
 */
export const fakeStripeJs = `
window.Stripe = function (publishableKey, options) {
  const seen = (window.__stripe = { publishableKey, account: options && options.stripeAccount, confirmed: 0 });
  return {
    elements(opts) {
      seen.clientSecret = opts.clientSecret;
      return {
        create() {
          return {
            mount(el) { el.innerHTML = '<label>Card number <input name="cardnumber" inputmode="numeric"></label>'; },
            destroy() {},
          };
        },
      };
    },
    async confirmPayment() {
      const number = document.querySelector('input[name=cardnumber]').value.replace(/\\s/g, '');
      if (number === '${FAKE_STRIPE_JS_DECLINED}') return { error: { type: 'card_error', message: 'Your card was declined.' } };
      seen.confirmed += 1;
      return { paymentIntent: { id: seen.clientSecret.split('_secret')[0], status: 'succeeded' } };
    },
  };
};`;
