import type { Logger, Queryable } from '@seatside/chassis';
import { signingSecrets } from '../webhooks/webhook';
import type { WebhookDoc } from '../webhooks/projections';
import { outcomeOf } from './schedule';
import type { Sender } from './send';
import type { KeyObject } from 'node:crypto';
import { hmacKeyOf, standardSignature, type PlatformKey } from './signing';
import type { AttemptResult, DeliveryRow, DeliveryStore } from './store';

export interface DispatcherDeps {
  db: Queryable;
  store: DeliveryStore;
  now: () => Date;
  send: Sender;
  key: () => Promise<PlatformKey>;
  /** The webhook as it is now (its secrets still sealed), or null when deleted (cached: no round trip per attempt). */
  webhook: (id: string) => Promise<WebhookDoc | null>;
  /** Opens a sealed secret of this webhook. */
  open: (sealed: string, webhookId: string) => string;
  /** Turns the webhook off (a 410 Gone). */
  disable: (webhook: WebhookDoc, reason: string) => Promise<void>;
  logger: Logger;
  /** How often due retries are looked for besides the wake-ups on commit. */
  pollMs: number;
  /** Messages one webhook may have in flight; the rest wait their turn, other webhooks never do. */
  perWebhook: number;
  /** Messages taken per read. */
  batch: number;
}

/** A lease longer than an attempt's timeout: a process that dies mid-attempt leaves the message to another after it. */
const LEASE_MS = 60_000;

/**
 * Sends due messages: woken at once when the consumer commits new ones, and every `pollMs` for
 * scheduled retries. Every message is its own request with its own timeout, and each webhook has
 * its own share of requests in flight, so a hanging receiver delays only its own messages.
 * Several processes may run it: due messages are leased a batch at a time (one UPDATE over a
 * FOR UPDATE SKIP LOCKED select) before they are sent. Per attempt there is no round trip: the
 * webhook comes from the cache, and outcomes are recorded together in one statement.
 */
export function createDispatcher(deps: DispatcherDeps) {
  const inFlight = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let running = false;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;

  const busy = () => [...inFlight].filter(([, n]) => n >= deps.perWebhook).map(([id]) => id);
  const track = (id: string, delta: number) => {
    const n = (inFlight.get(id) ?? 0) + delta;
    if (n <= 0) inFlight.delete(id);
    else inFlight.set(id, n);
  };

  // `x-seatside-signature` signs the webhook's id only (RSA, deterministic): once per webhook and key.
  const signatures = new WeakMap<PlatformKey, Map<string, string>>();
  const seatsideSignature = (key: PlatformKey, webhookId: string) => {
    let known = signatures.get(key);
    if (!known) signatures.set(key, (known = new Map()));
    let signature = known.get(webhookId);
    if (signature === undefined) known.set(webhookId, (signature = key.sign(webhookId)));
    return signature;
  };

  // A webhook's secrets opened once per cached copy (a change of the webhook is a new copy): its HMAC
  // keys and bearer token, kept only as long as the cache keeps that copy.
  const openedOf = new WeakMap<WebhookDoc, { hmac: Map<string, KeyObject>; bearer: string }>();
  const opened = (webhook: WebhookDoc) => {
    let known = openedOf.get(webhook);
    if (!known) openedOf.set(webhook, (known = { hmac: new Map(), bearer: deps.open(webhook.bearerToken, webhook.id) }));
    return known;
  };
  const hmacKey = (webhook: WebhookDoc, sealed: string) => {
    const { hmac } = opened(webhook);
    let key = hmac.get(sealed);
    if (!key) hmac.set(sealed, (key = hmacKeyOf(deps.open(sealed, webhook.id))));
    return key;
  };

  // Attempts' outcomes are written together: one statement for all that ended while the last one ran.
  let results: AttemptResult[] = [];
  let recording: Promise<void> | undefined;
  async function drainResults(): Promise<void> {
    while (results.length > 0) {
      const batch = results;
      results = [];
      try {
        await deps.store.recordAttempts(deps.db, batch);
      } catch (err) {
        // Their leases run out and they are sent again (at least once).
        deps.logger.error({ err, deliveries: batch.map((r) => r.id) }, 'webhook attempts could not be recorded; they are retried after their lease');
      }
    }
    recording = undefined;
  }
  const record = (result: AttemptResult) => {
    results.push(result);
    recording ??= drainResults();
  };

  async function attempt(row: DeliveryRow): Promise<void> {
    try {
      const webhook = await deps.webhook(row.webhook_id);
      if (!webhook) return await deps.store.skip(deps.db, row.id, 'Webhook deleted');
      if (!webhook.active) return await deps.store.skip(deps.db, row.id, 'Webhook inactive');
      const at = deps.now();
      const timestamp = Math.floor(at.getTime() / 1000);
      const secrets = signingSecrets(webhook, at).map((sealed) => hmacKey(webhook, sealed));
      const key = await deps.key();
      const headers = {
        'webhook-id': row.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': standardSignature(secrets, row.id, timestamp, row.request_body),
        'x-seatside-signature': seatsideSignature(key, webhook.id),
        authorization: `Bearer ${opened(webhook).bearer}`,
      };
      const result = await deps.send(webhook.url, headers, row.request_body);
      const attemptsMade = row.attempts + 1;
      const outcome = outcomeOf(result.statusCode, attemptsMade, deps.now());
      record({
        id: row.id, at: at.toISOString(), statusCode: result.statusCode, durationMs: result.durationMs, ...(result.error ? { error: result.error } : {}),
        requestUrl: webhook.url, responseBody: result.responseBody, status: outcome.status,
        nextAttemptAt: outcome.status === 'pending' ? outcome.nextAttemptAt : null,
      });
      if (outcome.status === 'failed' && outcome.disable) await deps.disable(webhook, 'The receiver answered 410 Gone');
    } catch (err) {
      // Never its headers or secrets: the message id and webhook are enough to find it.
      deps.logger.error({ err, delivery: row.id, webhookId: row.webhook_id }, 'webhook delivery failed to run; it is retried after its lease');
    }
  }

  async function cycle(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (stopped) break;
        const rows = await deps.store.claim(deps.db, deps.now(), LEASE_MS, deps.batch, busy());
        const over: string[] = [];
        for (const row of rows) {
          if ((inFlight.get(row.webhook_id) ?? 0) >= deps.perWebhook) {
            over.push(row.id);
            continue;
          }
          track(row.webhook_id, 1);
          const p = attempt(row).finally(() => {
            track(row.webhook_id, -1);
            pending.delete(p);
            kick();
          });
          pending.add(p);
        }
        await deps.store.release(deps.db, over);
        if (rows.length === deps.batch && over.length < rows.length) again = true;
      } while (again);
    } catch (err) {
      deps.logger.error({ err }, 'webhook dispatcher could not read due messages; trying again');
    } finally {
      running = false;
    }
  }

  function kick(): void {
    if (!stopped) void cycle();
  }

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(kick, deps.pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...pending]);
      while (recording) await recording;
    },
    /** Resolves when every attempt started so far has ended (specs). */
    async idle() {
      while (pending.size > 0 || running || recording) await Promise.allSettled([...pending, recording, new Promise((r) => setTimeout(r, 5))]);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
