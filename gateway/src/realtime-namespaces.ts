/**
 * Which service serves each socket.io namespace. Every namespace shares the one path (/socket.io), and
 * socket.io names the namespace only inside the connection, so the client says it in the handshake's
 * query as well (`?nsp=/chat`, frontends/ui/src/realtime/client.ts, one connection per namespace) and
 * the distributed gateway sends the connection to that service. The embedded topology's one
 * socket.io server serves every namespace and ignores the parameter.
 */
export const realtimeNamespaces: Readonly<Record<string, string>> = { '/orders': 'orders', '/chat': 'chat' };

/** The handshake query parameter naming the namespace. */
export const NAMESPACE_PARAM = 'nsp';

/** A connection without the parameter (a client from before it) goes to the first namespace's service. */
const DEFAULT_SERVICE = 'orders';

/** The service serving a socket.io request's namespace; undefined for a namespace nobody serves. */
export function realtimeServiceOf(url: string | undefined): string | undefined {
  const query = (url ?? '').split('?')[1] ?? '';
  const nsp = new URLSearchParams(query).get(NAMESPACE_PARAM);
  if (nsp === null) return DEFAULT_SERVICE;
  return Object.hasOwn(realtimeNamespaces, nsp) ? realtimeNamespaces[nsp] : undefined;
}
