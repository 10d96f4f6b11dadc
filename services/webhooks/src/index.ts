import { Router } from 'express';
import { BUSY_LOG_READS, handleCommand, loadDataKeys, tenantAccess, tenantMemberships, type DataKeyRing, type ServiceModule } from '@seatside/chassis';
import { catalogueSources } from './catalogue';
import { fanOut } from './deliveries/consumer';
import { createDispatcher, type Dispatcher } from './deliveries/dispatcher';
import { httpSender, type Sender } from './deliveries/send';
import { generatePrivateKeyPem, platformKey, type PlatformKey } from './deliveries/signing';
import { deliveryStore } from './deliveries/store';
import { webhooksMigrations } from './migrations';
import { webhooksApi } from './openapi';
import { webhooksRouter } from './webhooks/http';
import { webhookCache } from './webhooks/cache';
import { projectWebhooks, webhooks, type WebhookDoc } from './webhooks/projections';
import { webhookDecider, webhookStream } from './webhooks/webhook';

export { webhooksConfigFields, webhooksOptionsFrom } from './options';

export interface WebhooksOptions {
  /** Where the data key file lives when DATA_ENCRYPTION_KEY is not set. Default ./.data. */
  dataDir?: string;
  dataEncryptionKey?: string;
  /** A key ring to seal secrets with (specs); default from dataEncryptionKey / dataDir. */
  dataKeys?: DataKeyRing;
  /** PEM RSA private key of `x-seatside-signature`; unset: generated once, kept sealed in the schema. */
  signingKeyPem?: string;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private receivers allowed (tests, development). */
  allowPrivate?: boolean;
  /** How messages are POSTed (specs may wrap it); default the guarded HTTP sender. */
  send?: Sender;
  /** Each attempt's timeout. Default 15 s. */
  timeoutMs?: number;
  /** How often due retries are looked for. Default 1 s. */
  pollMs?: number;
  /** Messages one webhook may have in flight. Default 32. */
  perWebhook?: number;
  /** Told of the dispatcher once made (specs wait on it). */
  onDispatcher?: (dispatcher: Dispatcher) => void;
}

/**
 * Webhooks (docs/webhooks-api.md): a merchant's endpoints, the event catalogue derived from
 * `proto/`, and signed at-least-once deliveries of the published streams with retries and logs.
 */
export function createWebhooksService(options: WebhooksOptions = {}): ServiceModule {
  return {
    name: 'webhooks',
    migrations: webhooksMigrations,
    api: webhooksApi,
    create(deps) {
      const access = tenantAccess(deps, { subscription: 'webhooks-memberships' });
      access.follow();
      const store = deliveryStore(deps.schema);
      let ring: DataKeyRing | undefined = options.dataKeys;
      const keys = () => (ring ??= loadDataKeys({ configured: options.dataEncryptionKey, dataDir: options.dataDir ?? './.data' }));
      let key: Promise<PlatformKey> | undefined;
      const loadKey = async (): Promise<PlatformKey> => {
        if (options.signingKeyPem) return platformKey(options.signingKeyPem);
        const kept = (await store.signingKey(deps.pool)) ?? (await store.keepSigningKey(deps.pool, keys().seal(generatePrivateKeyPem(), 'webhooks-signing-key')));
        return platformKey(keys().open(kept, 'webhooks-signing-key'));
      };
      const currentKey = () => {
        key ??= loadKey().catch((err: unknown) => {
          key = undefined;
          throw err;
        });
        return key;
      };
      const docs = () => deps.readModels.collection<WebhookDoc>(webhooks);
      const project = projectWebhooks(deps.readModels);
      // Every change of a webhook is an append to this service's log: its signal empties the cache
      // (in this process right after the commit, in the others by the log's NOTIFY).
      const cache = webhookCache({
        get: (id) => docs().get(id),
        ofMerchant: async (merchantId, testMode) => (await docs().find({ filter: { merchantId, testMode }, limit: 1000 })).data,
      });
      const stopInvalidating = deps.eventStore.onAppended(cache.invalidate);
      const dispatcher = createDispatcher({
        db: deps.pool,
        store,
        now: deps.now,
        send: options.send ?? httpSender({ allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs }),
        key: currentKey,
        webhook: cache.webhook,
        open: (sealed, webhookId) => keys().open(sealed, webhookId),
        async disable(webhook, reason) {
          await handleCommand(deps.eventStore, webhookStream(webhook.id), webhookDecider, { type: 'DisableWebhook', data: { merchantId: webhook.merchantId, webhookId: webhook.id, reason, at: deps.now().toISOString() } }, {
            metadata: { tenantId: webhook.merchantId, tenantCollection: 'merchants', testMode: webhook.testMode },
            inline: [project],
          });
          cache.invalidate();
        },
        logger: deps.logger,
        pollMs: options.pollMs ?? 1000,
        perWebhook: options.perWebhook ?? 32,
        batch: 200,
      });
      options.onDispatcher?.(dispatcher);
      // One checkpointed consumer per producing service of the catalogue (catalog, orders, tags).
      for (const [source, messages] of catalogueSources) {
        const fan = fanOut({ source, store, subscribers: cache.subscribers, newId: deps.newId, now: deps.now });
        /** Whether the read in hand made deliveries: only then is the dispatcher kicked (it also polls). */
        let made = false;
        deps.subscribePublished({
          name: `webhooks-${source}`,
          source,
          // A busy stream (orders) is read every tenth of a second, not once per event.
          ...BUSY_LOG_READS,
          messages,
          handleBatch: async (delivered, tx) => {
            made = (await fan(delivered, tx)) > 0;
          },
          committed: () => {
            if (made) dispatcher.kick();
            made = false;
          },
        });
      }
      const router = Router();
      router.use(webhooksRouter(deps, { access, store, dispatcher, keys, platformKey: currentKey }));
      return {
        name: 'webhooks',
        router,
        collections: [tenantMemberships, webhooks],
        async start() {
          await currentKey();
          dispatcher.start();
        },
        async stop() {
          stopInvalidating();
          await dispatcher.stop();
        },
      };
    },
  };
}

/** The webhooks service on its defaults (receivers on public addresses only). */
export const webhooksService: ServiceModule = createWebhooksService();
