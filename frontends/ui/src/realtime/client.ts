import type { ErrorCode } from '@seatside/rules';
import type { Socket } from 'socket.io-client';
// The one session store of the page, from the package root (a deep import would get a copy).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { useSession } from '@seatside/ui';

/** Where every topology serves socket.io (the chassis REALTIME_PATH; the gateway proxies it). */
export const REALTIME_PATH = '/socket.io';

/** A server's answer to a join: the room, or the refusal a REST call would get (its status and stable `code`). */
export type JoinAnswer = { ok: true; room: string } | { ok: false; status: number; code: ErrorCode; message: string };

/** `connecting` until the first connection; `live` while connected; `offline` while it retries; `refused` when the token is. */
export type RealtimeStatus = 'connecting' | 'live' | 'offline' | 'refused';

export interface RealtimeOptions {
  /** The handshake's bearer token; default: the signed-in session's. A diner's page passes `() => null`. */
  token?: () => string | null;
  /** Called once when the server says the token expired; answers the fresh one (null: give up). */
  refreshToken?: () => Promise<string | null>;
  /** More handshake auth beside the token, read at every (re)connection (the chat's `chatId`). */
  auth?: () => Record<string, unknown>;
}

export interface RealtimeConnection {
  /**
   * Joins a room, and again after every reconnection; answers the server's first answer.
   * `onAnswer` hears every answer, the rejoins' too (events reach the room only from then on).
   */
  join(request: unknown, onAnswer?: (answer: JoinAnswer) => void): Promise<JoinAnswer>;
  /** Stops rejoining the room this request named. */
  leave(request: unknown): void;
  on<T = unknown>(event: string, handler: (payload: T) => void): () => void;
  /** Sends an event to the server (dropped while not connected). */
  emit(event: string, payload: unknown): void;
  /** This connection's socket id (events relayed back to their sender carry it as `from`). */
  id(): string | undefined;
  /** Told of every status change; `live` after a reconnection means some events may have been missed. */
  onStatus(handler: (status: RealtimeStatus) => void): () => void;
  close(): void;
}

/** How long a socket whose token refresh could not reach the server waits before its next handshake. */
const UNREACHABLE_REFRESH_RETRY_MS = 2000;

type ConnectError = Error & { data?: { status?: number; code?: ErrorCode; message?: string } };

/**
 * A socket.io connection to one namespace of this origin ('/orders'), authenticated like the API
 * (`auth: { token }`, read at every (re)connection). socket.io-client is loaded on first use, so a
 * page pays for it only when it goes live. Websocket first, long polling when that fails.
 */
export function connectRealtime(namespace: string, options: RealtimeOptions = {}): RealtimeConnection {
  const token = options.token ?? (() => useSession.getState().token);
  const joins = new Map<string, { request: unknown; answered?: (answer: JoinAnswer) => void; onAnswer?: (answer: JoinAnswer) => void }>();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const statusHandlers = new Set<(status: RealtimeStatus) => void>();
  let status: RealtimeStatus = 'connecting';
  let socket: Socket | undefined;
  let closed = false;
  let refreshed = false;

  const setStatus = (next: RealtimeStatus) => {
    status = next;
    for (const handler of statusHandlers) handler(next);
  };
  const sendJoin = (key: string) => {
    const entry = joins.get(key);
    if (!socket || !entry) return;
    socket.emit('join', entry.request, (answer: JoinAnswer) => {
      if (joins.get(key) !== entry) return;
      entry.answered?.(answer);
      entry.answered = undefined;
      entry.onAnswer?.(answer);
    });
  };

  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const s = io(namespace, {
      path: REALTIME_PATH,
      // The namespace in the handshake's query too: the distributed gateway routes each namespace to
      // its service (gateway/src/realtime.ts), so each gets a connection of its own.
      query: { nsp: namespace },
      forceNew: true,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: (cb) => cb({ ...(options.auth?.() ?? {}), token: token() }),
    });
    socket = s;
    for (const [event, set] of handlers) for (const handler of set) s.on(event, handler);
    s.on('connect', () => {
      refreshed = false;
      for (const key of joins.keys()) sendJoin(key);
      setStatus('live');
    });
    s.on('disconnect', (reason) => {
      if (closed) return;
      setStatus('offline');
      // The server ends a socket whose token it no longer takes (a changed password, a revoked claim):
      // connect again with the session's token, which the handshake checks afresh (refused: see below).
      if (reason === 'io server disconnect') s.connect();
    });
    s.on('connect_error', (err: ConnectError) => {
      // A refused handshake is not retried by socket.io: refresh an expired token once, then retry.
      if (!s.active) {
        const expired = err.data?.code === 'token_invalid';
        if (expired && !refreshed && options.refreshToken) {
          refreshed = true;
          void options.refreshToken().then(
            (fresh) => (fresh && !closed ? s.connect() : setStatus('refused')),
            // The refresh could not reach the server: the session stands, so offline and the handshake again
            // later (socket.io retries an unreachable server itself; a refusal then refreshes once more).
            () => {
              if (closed) return;
              refreshed = false;
              setStatus('offline');
              setTimeout(() => !closed && s.connect(), UNREACHABLE_REFRESH_RETRY_MS);
            },
          );
          return;
        }
        setStatus('refused');
        return;
      }
      setStatus('offline');
    });
  });

  return {
    join(request, onAnswer) {
      const key = JSON.stringify(request);
      return new Promise((resolve) => {
        joins.set(key, { request, answered: resolve, ...(onAnswer ? { onAnswer } : {}) });
        if (socket?.connected) sendJoin(key);
      });
    },
    leave(request) {
      const key = JSON.stringify(request);
      joins.delete(key);
    },
    on(event, handler) {
      const h = handler as (payload: unknown) => void;
      const set = handlers.get(event) ?? new Set();
      set.add(h);
      handlers.set(event, set);
      socket?.on(event, h);
      return () => {
        set.delete(h);
        socket?.off(event, h);
      };
    },
    emit(event, payload) {
      if (socket?.connected) socket.emit(event, payload);
    },
    id: () => socket?.id,
    onStatus(handler) {
      statusHandlers.add(handler);
      handler(status);
      return () => statusHandlers.delete(handler);
    },
    close() {
      closed = true;
      socket?.close();
      joins.clear();
      handlers.clear();
      statusHandlers.clear();
    },
  };
}
