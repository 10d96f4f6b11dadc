import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { quoteSchema, type Logger, type Queryable, type ReadModelStore, type ServiceDeps } from '@seatside/chassis';
import { pushSubscriptions, type NotificationDoc, type PushSubscriptionDoc } from './store';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

const vapidTable = (schema: string) => `${quoteSchema(schema)}.vapid_keys`;

/**
 * The VAPID key pair's table and the pair itself (notifications migration 1): made once, so every
 * later start and replica reads the same pair and browsers' subscriptions (bound to the public key)
 * stay valid. A schema that had them before migrations were recorded keeps its pair.
 */
export async function vapidKeysMigration(db: Queryable, schema: string): Promise<void> {
  const made = webpush.generateVAPIDKeys();
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${vapidTable(schema)} (id int PRIMARY KEY, public_key text NOT NULL, private_key text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );
  await db.query(`INSERT INTO ${vapidTable(schema)} (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [made.publicKey, made.privateKey]);
}

/** The VAPID key pair its migration made. */
export async function loadVapidKeys(deps: Pick<ServiceDeps, 'pool' | 'schema'>): Promise<VapidKeys> {
  const { rows } = await deps.pool.query<{ public_key: string; private_key: string }>(`SELECT public_key, private_key FROM ${vapidTable(deps.schema)} WHERE id = 1`);
  if (!rows[0]) throw new Error('the VAPID keys are missing: the notifications service has not migrated');
  return { publicKey: rows[0].public_key, privateKey: rows[0].private_key };
}

/** What the service worker shows: `{title, options: {body, data: {url}}}` (seed 000 §3). */
export const pushPayload = (doc: NotificationDoc) => JSON.stringify(doc.notification.webPush);

/** A browser's subscription as the sender needs it. */
export type PushTarget = Pick<PushSubscriptionDoc, 'id' | 'endpoint' | 'keys'>;

export interface PushSenderOptions {
  /** VAPID `sub`: a mailto: or https: contact for push services. */
  subject: string;
  /** Attempts per message (first included); default 5. */
  attempts?: number;
  /** First backoff; doubles after each failure. Default 500 ms. */
  firstDelayMs?: number;
  /** The https.Agent for push services (specs: one trusting a local endpoint's certificate). */
  agent?: Agent;
}

export interface PushSender {
  /** Queues the notification for every subscription of its user; never waits for the sends. */
  enqueue(doc: NotificationDoc): void;
  /** Sends a payload to these subscriptions now (retried as any send); `gone` removes one the push service no longer knows. */
  push(subscriptions: PushTarget[], payload: string, gone: (id: string) => Promise<void>): Promise<void>;
  /** Resolves once everything queued so far was sent or given up (specs, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Web push through `web-push`, off the event consumer's path: a send runs in the background and is
 * retried with exponential backoff on network errors, 429 and 5xx; a 404 or 410 (the subscription
 * is gone) deletes it at once; other 4xx are logged and dropped.
 */
export function createPushSender(
  deps: { readModels: ReadModelStore; logger: Logger },
  keys: () => Promise<VapidKeys>,
  options: PushSenderOptions,
): PushSender {
  const attempts = options.attempts ?? 5;
  const firstDelayMs = options.firstDelayMs ?? 500;
  const pending = new Set<Promise<void>>();
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;
  const subs = () => deps.readModels.collection<PushSubscriptionDoc>(pushSubscriptions);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  async function sendOne(sub: PushTarget, payload: string, gone: (id: string) => Promise<void> = (id) => subs().delete(id).then(() => undefined)): Promise<void> {
    const vapid = await keys();
    for (let attempt = 1; attempt <= attempts && !stopped; attempt++) {
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: sub.keys }, payload, {
          vapidDetails: { subject: options.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await gone(sub.id);
          deps.logger.info({ status, subscription: sub.id }, 'push subscription gone; deleted');
          return;
        }
        const retriable = status === undefined || status === 429 || status >= 500;
        if (!retriable || attempt === attempts) {
          deps.logger.warn({ err, status, subscription: sub.id, attempt }, 'web push failed; dropped');
          return;
        }
        await sleep(firstDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  async function deliver(doc: NotificationDoc): Promise<void> {
    const { data } = await subs().find({ filter: { userId: doc.userId }, limit: 100 });
    const payload = pushPayload(doc);
    await Promise.all(data.map((sub) => sendOne(sub, payload)));
  }

  return {
    enqueue(doc) {
      if (stopped) return;
      const job = deliver(doc)
        .catch((err: unknown) => deps.logger.warn({ err, notification: doc.id }, 'web push failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async push(subscriptions, payload, gone) {
      if (stopped) return;
      const job = Promise.all(subscriptions.map((sub) => sendOne(sub, payload, gone))).then(() => undefined);
      pending.add(job);
      try {
        await job;
      } finally {
        pending.delete(job);
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async stop() {
      stopped = true;
      for (const [timer, wake] of timers) {
        clearTimeout(timer);
        wake();
      }
      timers.clear();
      await this.idle();
    },
  };
}
