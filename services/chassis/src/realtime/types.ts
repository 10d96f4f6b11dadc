import type { ErrorCode } from '../errors';
import type { Namespace } from 'socket.io';
import type { Principal } from '../auth/types';

/**
 * A room join request from a client (`socket.emit('join', request, ack)`): the namespace's
 * handler decides which room it means and whether the caller may be in it.
 */
export type JoinHandler = (request: unknown, principal: Principal | undefined) => Promise<string>;

/** What a client's `join` acknowledgement says. */
export type JoinAnswer = { ok: true; room: string } | { ok: false; status: number; code: ErrorCode; message: string };

export interface RealtimeNamespaceOptions {
  /** Answers the room a join request names, or throws a DomainError (401, 403, 404, 400). */
  join: JoinHandler;
}

/**
 * What a service's `realtime` hook gets: it declares its namespaces. The chassis authenticates
 * each connection with the bearer token of the handshake (`auth: { token }`), handles `join` and
 * `leave`, and emits what `createRealtimePublisher(...).emit` publishes for the namespace.
 */
export interface RealtimeHub {
  /** Declares `/name` on this process's socket.io server; the namespace is there for more handlers. */
  namespace(name: string, options: RealtimeNamespaceOptions): Namespace;
}

/** One emit to one room, as it travels over the kv pub/sub to every process. */
export interface RealtimeMessage {
  /** One room, or several: a socket in more than one of them hears the event once. */
  room: string | string[];
  event: string;
  payload: unknown;
}
