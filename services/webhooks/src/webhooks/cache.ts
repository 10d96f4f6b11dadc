import type { WebhookDoc } from './projections';

export interface WebhookCacheSource {
  /** The webhook as stored now, or null when deleted. */
  get(id: string): Promise<WebhookDoc | null>;
  /** A merchant's webhooks of one mode. */
  ofMerchant(merchantId: string, testMode: boolean): Promise<WebhookDoc[]>;
}

/**
 * The webhooks as the consumer (a merchant's subscribers) and the dispatcher (a message's webhook)
 * read them, kept in memory until the service's own log changes: every change of a webhook is an
 * append there, and `invalidate` (on the log's append signal, in this process at once and in others
 * by its NOTIFY) drops everything. A read begun before a change may still answer the old webhook to
 * those who asked before it; whoever asks after the change reads again.
 */
export function webhookCache(source: WebhookCacheSource) {
  let byId = new Map<string, Promise<WebhookDoc | null>>();
  let byMerchant = new Map<string, Promise<WebhookDoc[]>>();
  const remember = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    const known = map.get(key);
    if (known) return known;
    const loading = load();
    map.set(key, loading);
    // A failed read is not kept: the next caller reads again.
    loading.catch(() => map.get(key) === loading && map.delete(key));
    return loading;
  };
  return {
    webhook: (id: string) => remember(byId, id, () => source.get(id)),
    /** The merchant's active webhooks of the mode. */
    subscribers: (merchantId: string, testMode: boolean) =>
      remember(byMerchant, `${merchantId}:${testMode}`, async () => (await source.ofMerchant(merchantId, testMode)).filter((w) => w.active)),
    invalidate(): void {
      byId = new Map();
      byMerchant = new Map();
    },
  };
}

export type WebhookCache = ReturnType<typeof webhookCache>;
