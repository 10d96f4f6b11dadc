import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { REALTIME_PATH, type Logger } from '@seatside/chassis';
import { realtimeServiceOf } from './realtime-namespaces';
import { matchesPrefix, type RouteEntry } from './routes';

/** The dispatch target name of /socket.io in the route table; `realtimeTargets` answers it. */
export const REALTIME_TARGET = 'realtime';

/** Long-polling requests (the transport's fallback) go the way of /v1: proxied to the namespace's service. */
export const realtimeRoute: RouteEntry = { service: REALTIME_TARGET, prefixes: [REALTIME_PATH] };

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

/** Long polling: each request to the proxy of its namespace's service (404 for an unknown namespace). */
export function realtimePolling(targets: Record<string, RequestHandler>): RequestHandler {
  return (req, res, next) => {
    const service = realtimeServiceOf(req.originalUrl);
    const target = service && targets[service];
    if (!target) return void res.status(404).type('application/problem+json').json({ status: 404, code: 'not_found', message: 'Unknown namespace' });
    target(req, res, next);
  };
}

/**
 * Passes websocket upgrades for /socket.io through to the namespace's service (byte for byte, as HTTP
 * is); any other upgrade, or one for a namespace nobody serves, is refused. The handshake's token is
 * checked by the service, as REST's is.
 */
export function proxyRealtimeUpgrades(server: Server, urls: Readonly<Record<string, string>>, logger: Logger): { close(): void } {
  // An upgraded connection is the proxy's now: closing the server would wait for it forever.
  const open = new Set<Socket>();
  const proxies = new Map<string, ReturnType<typeof createProxyMiddleware>>();
  const proxyOf = (service: string) => {
    let proxy = proxies.get(service);
    const target = urls[service];
    if (!proxy && target) {
      proxy = createProxyMiddleware({
        target,
        changeOrigin: false,
        xfwd: true,
        on: {
          error(err, _req, res) {
            logger.warn({ err, service }, 'websocket proxy failed');
            (res as unknown as Socket).destroy?.();
          },
        },
      });
      proxies.set(service, proxy);
    }
    return proxy;
  };
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!matchesPrefix(REALTIME_PATH, pathOf(req.url))) return socket.destroy();
    const service = realtimeServiceOf(req.url);
    const proxy = service ? proxyOf(service) : undefined;
    if (!proxy) return socket.destroy();
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    proxy.upgrade(req, socket, head);
  });
  return {
    close() {
      for (const socket of open) socket.destroy();
    },
  };
}
