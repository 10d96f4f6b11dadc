import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { REALTIME_PATH, type Logger } from '@seatside/chassis';
import { matchesPrefix, type RouteEntry } from './routes';

/**
 * The service whose socket.io server the distributed gateway fronts. Every namespace shares the one
 * path (/socket.io), so one service serves them; today only orders has namespaces (`/orders`).
 */
export const REALTIME_SERVICE = 'orders';

/** Long-polling requests (the transport's fallback) go the way of /v1: proxied to the service. */
export const realtimeRoute: RouteEntry = { service: REALTIME_SERVICE, prefixes: [REALTIME_PATH] };

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

/**
 * Passes websocket upgrades for /socket.io through to the service (byte for byte, as HTTP is);
 * any other upgrade is refused. The handshake's token is checked by the service, as REST's is.
 */
export function proxyRealtimeUpgrades(server: Server, target: string, logger: Logger): { close(): void } {
  // An upgraded connection is the proxy's now: closing the server would wait for it forever.
  const open = new Set<Socket>();
  const proxy = createProxyMiddleware({
    target,
    changeOrigin: false,
    xfwd: true,
    on: {
      error(err, _req, res) {
        logger.warn({ err }, 'websocket proxy failed');
        (res as unknown as Socket).destroy?.();
      },
    },
  });
  server.on('upgrade', (req, socket: Socket, head: Buffer) => {
    if (!matchesPrefix(REALTIME_PATH, pathOf(req.url))) return socket.destroy();
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
