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
 * The LISTEN connection of one pool, shared by every channel listened to through that pool (the
 * embedded platform listens to some twenty logs and published streams). PostgreSQL wakes every
 * listening backend of the database for each NOTIFY, whatever its channels: twenty connections
 * were twenty backend wake-ups per NOTIFY (measured: 9 % of PostgreSQL's CPU per placed order at
 * concurrency 16, 21 % at 1), one connection is one.
 */
interface Hub {
  add(channel: string, onNotify: () => void, retryMs: number): void;
  remove(channel: string, onNotify: () => void): Promise<void>;
}

const hubs = new WeakMap<Pool, Hub>();

/** `seatside-listen:` and the channels (PostgreSQL keeps 63 bytes of it). */
const applicationName = (channels: string[]) => `seatside-listen:${channels.join(',')}`.slice(0, 63);

function hubOf(pool: Pool): Hub {
  let hub = hubs.get(pool);
  if (!hub) {
    hub = createHub(pool);
    hubs.set(pool, hub);
  }
  return hub;
}

function createHub(pool: Pool): Hub {
  const channels = new Map<string, Set<() => void>>();
  /** Channels the current connection listens to. */
  let listening = new Set<string>();
  let client: Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let firstRetryMs = Infinity;
  let nextRetryMs = 0;
  /** LISTEN and UNLISTEN go one after another on the connection, in the order asked. */
  let syncing: Promise<void> = Promise.resolve();

  /** Ends a connection that is no longer used; a late socket error on it must not crash the process. */
  function discard(old: Client): Promise<void> {
    old.removeAllListeners();
    old.on('error', () => undefined);
    return old.end().catch(() => undefined);
  }

  function dropped(failed: Client): void {
    if (client === failed) {
      client = undefined;
      listening = new Set();
    }
    void discard(failed);
    if (channels.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureConnected();
    }, nextRetryMs);
    nextRetryMs = Math.min(nextRetryMs * 2, MAX_RETRY_MS);
  }

  /** Brings the connection's channels in line with the registered ones; wakes the newly listened. */
  function sync(): Promise<void> {
    // syncNow handles its failures (a failed LISTEN drops the connection); the chain must never stay rejected.
    syncing = syncing.then(syncNow).catch(() => undefined);
    return syncing;
  }

  async function syncNow(): Promise<void> {
    const current = client;
    if (!current) return;
    const names = [...channels.keys()];
    if (names.length === listening.size && names.every((channel) => listening.has(channel))) return;
    // Named after its channels (pg_stat_activity), before the LISTENs: its last statement stays one.
    await current.query(`SELECT set_config('application_name', $1, false)`, [applicationName(names)]).catch(() => undefined);
    for (const channel of [...listening]) {
      if (channels.has(channel)) continue;
      listening.delete(channel);
      await current.query(`UNLISTEN "${channel}"`).catch(() => undefined);
    }
    for (const [channel, listeners] of channels) {
      if (listening.has(channel)) continue;
      try {
        await current.query(`LISTEN "${channel}"`);
      } catch {
        dropped(current);
        return;
      }
      listening.add(channel);
      // What was appended before the LISTEN took effect sent no notification to it.
      for (const onNotify of listeners) onNotify();
    }
  }

  async function connect(): Promise<void> {
    const next = new Client({ ...pool.options, application_name: applicationName([...channels.keys()]) });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => {
      for (const onNotify of channels.get(message.channel) ?? []) onNotify();
    });
    try {
      await next.connect();
    } catch {
      dropped(next);
      return;
    }
    if (channels.size === 0) {
      await discard(next);
      return;
    }
    client = next;
    listening = new Set();
    nextRetryMs = firstRetryMs;
    // Each channel's listeners are woken once it listens: notifications sent while it was down are lost.
    await sync();
  }

  /**
   * Nobody listens any more: the connection goes (a later registration opens a new one). A connect
   * or a sync in flight finishes first; a channel registered meanwhile keeps the connection.
   */
  async function closeUnused(): Promise<void> {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    await connecting;
    await syncing;
    const current = client;
    if (!current || channels.size > 0) return;
    client = undefined;
    listening = new Set();
    await discard(current);
  }

  function ensureConnected(): void {
    if (channels.size === 0 || client || connecting || retryTimer) return;
    connecting = connect().finally(() => {
      connecting = undefined;
    });
  }

  return {
    add(channel, onNotify, retryMs) {
      firstRetryMs = Math.min(firstRetryMs, retryMs);
      if (nextRetryMs === 0 || nextRetryMs > firstRetryMs) nextRetryMs = firstRetryMs;
      const listeners = channels.get(channel) ?? new Set();
      const known = channels.has(channel);
      listeners.add(onNotify);
      channels.set(channel, listeners);
      if (client) {
        // A channel already listened to: this listener missed nothing it could have been told.
        if (known && listening.has(channel)) onNotify();
        else void sync();
      } else {
        ensureConnected();
      }
    },
    async remove(channel, onNotify) {
      const listeners = channels.get(channel);
      if (!listeners?.delete(onNotify)) return;
      if (listeners.size > 0) return;
      channels.delete(channel);
      if (channels.size > 0) await sync();
      else await closeUnused();
    },
  };
}

/**
 * Listens to one channel through the pool's shared LISTEN connection (opened by the first
 * `start()` of any channel of that pool). It is a client of its own (same settings as the pool) so
 * it never holds one of the pool's connections. A dropped connection is reopened; `onNotify` also
 * runs after each (re)connect because notifications sent while it was down are lost.
 */
export function createNotifyListener({ pool, channel, onNotify, retryMs = 1000 }: NotifyListenerOptions) {
  const hub = hubOf(pool);
  // Each listener its own function: two listeners of one channel are two registrations.
  const notify = () => onNotify();
  let registered = false;
  let closed = false;
  return {
    /** Registers unless registered or closed; safe to call on every registration. */
    start(): void {
      if (closed || registered) return;
      registered = true;
      hub.add(channel, notify, retryMs);
    },
    async close(): Promise<void> {
      closed = true;
      if (!registered) return;
      registered = false;
      await hub.remove(channel, notify);
    },
  };
}
