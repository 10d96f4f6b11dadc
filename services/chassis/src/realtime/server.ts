import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { verifyToken } from '../auth/express';
import { followGenerations } from '../auth/generations';
import { generationOfToken } from '../auth/jwks';
import { authMessages } from '../auth/messages';
import type { Principal, TokenVerifier } from '../auth/types';
import { isDomainError, statusOf, type ErrorCode } from '../errors';
import type { PubSub } from '../kv/types';
import type { Logger } from '../logger';
import { realtimeChannel } from './publisher';
import type { JoinAnswer, RealtimeHub, RealtimeMessage, RealtimeNamespaceOptions } from './types';

/** The path every topology serves socket.io at (the distributed gateway proxies it). */
export const REALTIME_PATH = '/socket.io';

/** A client only sends join and leave requests: small frames, and a cap on rooms per connection. */
const MAX_FRAME_BYTES = 16 * 1024;
const MAX_ROOMS_PER_SOCKET = 20;

export interface RealtimeServerOptions {
  /** The same verifiers as the REST edge, so a handshake token means what a bearer token means. */
  verifiers: readonly TokenVerifier[];
  /** The kv pub/sub: in-process (embedded) or Redis (every replica emits). */
  pubsub: PubSub;
  logger: Logger;
  /** The services whose `realtime` hooks declare namespaces. */
  services: readonly { name: string; realtime?(hub: RealtimeHub): void }[];
}

export interface RealtimeServer {
  io: Server;
  /** Disconnects every socket and leaves the channels; the HTTP server stays with its owner. */
  close(): Promise<void>;
}

declare module 'socket.io' {
  interface Socket {
    /** Not socket.data: that is serialised for other servers; the principal stays in this process. */
    principal?: Principal;
  }
}

/** What a refused handshake or join tells the client: the status and message a REST call would get. */
type Refusal = { status: number; code: ErrorCode; message: string };

function refusalOf(err: unknown, logger: Logger): Refusal {
  if (isDomainError(err)) return { status: statusOf[err.kind], code: err.code, message: err.message };
  logger.error({ err }, 'realtime request failed');
  return { status: 500, code: 'internal_error', message: 'Something went wrong' };
}

function connectError(refusal: Refusal): Error {
  return Object.assign(new Error(refusal.message), { data: refusal });
}

const tokenOf = (auth: unknown): string | undefined => {
  const token = (auth as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || token.trim() === '') return undefined;
  return token.trim().replace(/^Bearer +/i, '');
};

/**
 * One socket.io server per process, on the process's HTTP server at /socket.io (DESIGN §2, §7).
 * A handshake may carry `auth: { token }` (anonymous without one; a bad one is refused as REST
 * would). Rooms are joined by request only (`join`), each namespace deciding who may join what.
 * Emits arrive over the kv pub/sub channel of their namespace, from whichever process published.
 * A socket lives no longer than its handshake's token: when an account's token generation rises
 * (a password or e-mail change, the admin claim revoked, an API key deleted; auth/generations.ts),
 * every process closes the account's sockets opened with an older token, in every namespace. The
 * client may connect again with a current token; the old one is refused as REST refuses it.
 */
export async function attachRealtime(server: HttpServer, options: RealtimeServerOptions): Promise<RealtimeServer> {
  const { verifiers, pubsub, logger } = options;
  const io = new Server(server, { path: REALTIME_PATH, serveClient: false, maxHttpBufferSize: MAX_FRAME_BYTES });
  const unsubscribes: Promise<() => Promise<void>>[] = [];
  // The handshake token's generation of each authenticated socket, and the connected ones by account.
  const tokenGenerations = new WeakMap<Socket, number>();
  const accounts = new Map<string, Map<Socket, number>>();
  const connected = (socket: Socket) => {
    if (!socket.principal) return;
    const { uid } = socket.principal;
    const sockets = accounts.get(uid) ?? new Map<Socket, number>();
    accounts.set(uid, sockets.set(socket, tokenGenerations.get(socket) ?? 0));
    socket.once('disconnect', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && accounts.get(uid) === sockets) accounts.delete(uid);
    });
  };
  unsubscribes.push(
    followGenerations(pubsub, (uid, generation) => {
      for (const [socket, tokenGeneration] of accounts.get(uid) ?? []) if (tokenGeneration < generation) socket.disconnect(true);
    }),
  );

  const hub: RealtimeHub = {
    namespace(name, { join }: RealtimeNamespaceOptions): Namespace {
      const nsp = io.of(name);
      nsp.use((socket, next) => {
        const token = tokenOf(socket.handshake.auth);
        if (!token) return next();
        verifyToken(verifiers, token).then(
          (principal) => {
            socket.principal = principal;
            tokenGenerations.set(socket, generationOfToken(token));
            next();
          },
          (err: unknown) => next(connectError(isDomainError(err) ? refusalOf(err, logger) : { status: 401, code: 'token_invalid', message: authMessages.invalidToken })),
        );
      });
      nsp.on('connection', (socket) => {
        connected(socket);
        socket.on('join', (request: unknown, ack?: (answer: JoinAnswer) => void) => {
          const answer = (a: JoinAnswer) => (typeof ack === 'function' ? ack(a) : undefined);
          if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return answer({ ok: false, status: 429, code: 'rate_limited', message: 'Too many rooms on one connection' });
          join(request, socket.principal).then(
            async (room) => {
              await socket.join(room);
              answer({ ok: true, room });
            },
            (err: unknown) => answer({ ok: false, ...refusalOf(err, logger) }),
          );
        });
        socket.on('leave', (room: unknown, ack?: () => void) => {
          if (typeof room === 'string' && room !== socket.id) void socket.leave(room);
          if (typeof ack === 'function') ack();
        });
      });
      unsubscribes.push(
        pubsub.subscribe(realtimeChannel(name), (message) => {
          const { room, event, payload } = (message ?? {}) as Partial<RealtimeMessage>;
          const rooms = typeof room === 'string' ? [room] : Array.isArray(room) ? room.filter((r): r is string => typeof r === 'string') : [];
          // Only this process's sockets are reached from here: rooms without any of them cost nothing.
          const here = rooms.filter((r) => nsp.adapter.rooms.get(r)?.size);
          if (typeof event !== 'string' || here.length === 0) return;
          nsp.to(here).emit(event, payload);
        }),
      );
      return nsp;
    },
  };

  try {
    for (const service of options.services) service.realtime?.(hub);
    await Promise.all(unsubscribes);
  } catch (err) {
    await Promise.allSettled(unsubscribes.map(async (u) => (await u)()));
    io.engine.close();
    throw err;
  }

  return {
    io,
    async close() {
      await Promise.allSettled(unsubscribes.map(async (u) => (await u)()));
      // Not io.close(): that would close the HTTP server, which its owner drains and closes.
      io.engine.close();
    },
  };
}
