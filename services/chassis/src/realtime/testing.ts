import type { Server as HttpServer } from 'node:http';
import type { Express } from 'express';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { closeServer, listen, portOf } from '../http/listen';
import { attachRealtime, REALTIME_PATH, type RealtimeServer, type RealtimeServerOptions } from './server';
import type { JoinAnswer } from './types';

export type { ClientSocket };

/** Why a handshake was refused, as the client sees it (`connect_error`'s data). */
export class RealtimeRefused extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'RealtimeRefused';
  }
}

export interface RealtimeTestServer {
  url: string;
  server: HttpServer;
  realtime: RealtimeServer;
  /** A connected client of `namespace` (websocket, no reconnection); rejects with RealtimeRefused. */
  connect(namespace: string, auth?: { token?: string }): Promise<ClientSocket>;
  close(): Promise<void>;
}

/** An app listening on a free port with the chassis socket server attached, for specs over real sockets. */
export async function listenWithRealtime(app: Express, options: RealtimeServerOptions): Promise<RealtimeTestServer> {
  const server = await listen(app, 0, '127.0.0.1');
  const realtime = await attachRealtime(server, options);
  const url = `http://127.0.0.1:${portOf(server)}`;
  const clients: ClientSocket[] = [];
  return {
    url,
    server,
    realtime,
    connect(namespace, auth = {}) {
      const socket = connectClient(`${url}${namespace}`, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth });
      clients.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err: Error & { data?: { status?: number; message?: string } }) => {
          socket.close();
          reject(new RealtimeRefused(err.data?.status ?? 0, err.data?.message ?? err.message));
        });
      });
    },
    async close() {
      for (const client of clients) client.close();
      await realtime.close();
      await closeServer(server, 0);
    },
  };
}

/** Asks to join a room; the server's acknowledgement. */
export const joinRoom = (socket: ClientSocket, request: unknown): Promise<JoinAnswer> => socket.emitWithAck('join', request) as Promise<JoinAnswer>;

/** Resolves with the next `event` whose payload passes `match`. */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Collects every `event` a socket receives, for "nothing arrived" checks after a known later event. */
export function received<T = unknown>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Why the server or client closed `socket`, once it is closed (`io server disconnect`…). */
export function disconnection(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Resolves with the first of `seen` (as `received` collects them) that passes `match`, once it arrives. */
export async function arrival<T>(seen: readonly T[], match: (payload: T) => boolean): Promise<T> {
  for (;;) {
    const found = seen.find(match);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
