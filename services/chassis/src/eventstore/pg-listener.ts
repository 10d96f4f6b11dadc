import { Client, type Pool } from 'pg';

export interface NotifyListenerOptions {
  pool: Pool;
  channel: string;
  /** Called for every notification on the channel, and after each (re)connect. */
  onNotify: () => void;
  /** First wait before reconnecting a dropped connection; doubles up to 30 s. */
  retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

/**
 * One dedicated LISTEN connection, opened by the first `start()`. It is a
 * client of its own (same settings as the pool) so it never holds one of the pool's connections. A
 * dropped connection is reopened; `onNotify` also runs after each (re)connect because
 * notifications sent while it was down are lost.
 */
export function createNotifyListener({ pool, channel, onNotify, retryMs = 1000 }: NotifyListenerOptions) {
  let client: Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs;
  let closed = false;

  function dropped(failed: Client): void {
    if (client === failed) client = undefined;
    failed.removeAllListeners();
    failed.on('error', () => undefined); // a late socket error on a dropped client must not crash the process
    void failed.end().catch(() => undefined);
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureConnected();
    }, nextRetryMs);
    nextRetryMs = Math.min(nextRetryMs * 2, MAX_RETRY_MS);
  }

  async function connect(): Promise<void> {
    const next = new Client({ ...pool.options, application_name: `seatside-listen:${channel}` });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch {
      dropped(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    nextRetryMs = retryMs;
    onNotify();
  }

  function ensureConnected(): void {
    if (closed || client || connecting) return;
    connecting = connect().finally(() => {
      connecting = undefined;
    });
  }

  return {
    /** Connects unless connected, connecting or closed; safe to call on every registration. */
    start: ensureConnected,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
