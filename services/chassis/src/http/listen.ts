import net from 'node:net';
import { createServer, type RequestListener, type Server } from 'node:http';

export class PortInUseError extends Error {
  constructor(readonly host: string, readonly port: number) {
    super(`Port ${port} on ${host} is already in use. Stop the other process or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Listening sockets a server accepts on (`ACCEPT_SOCKETS`). Node's event loop (libuv) accepts one
 * connection per listening socket per loop turn, so while the loop is busy a burst of new
 * connections (a stadium's phones, each its own) waits in the kernel's queue for many turns: 200 at
 * once took 2.2 s to accept behind a loop of 10 ms turns, 0.40 s with 8 sockets, 0.27 s with 16
 * (docs/orders-api.md, "Under overload"). Several sockets on one port (SO_REUSEPORT, the kernel
 * spreads connections over them) accept that many per turn; all hand their connections to the one
 * HTTP server.
 */
export const DEFAULT_ACCEPT_SOCKETS = 64;

/**
 * Where sockets can share a port with the kernel spreading connections over them (Node's `reusePort`;
 * elsewhere, macOS say, it throws): there, one socket as before.
 */
export const SHARES_PORTS = process.platform === 'linux' || process.platform === 'freebsd';

/** A server's accept sockets besides its own. */
const acceptorsOf = new WeakMap<Server, net.Server[]>();

/** Binds one socket; EADDRINUSE becomes PortInUseError. */
function bind(server: net.Server, port: number, host: string, reusePort: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err);
    server.once('error', failed);
    server.listen({ port, host, reusePort, backlog: 511 }, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Listens, turning EADDRINUSE into a clear error instead of a stack trace. With `acceptSockets` > 1
 * the port is first claimed the ordinary way (so another process on it, even one sharing ports,
 * still fails the start), then bound by that many sockets sharing it, whose connections the server
 * answers as its own: the same handlers, timeouts, upgrades and connection tracking.
 */
export async function listen(app: RequestListener, port: number, host: string, acceptSockets = 1): Promise<Server> {
  const server = createServer(app);
  if (acceptSockets <= 1 || !SHARES_PORTS) {
    await bind(server, port, host, false);
    return server;
  }
  await assertPortFree(port, host);
  await bind(server, port, host, true);
  const bound = portOf(server);
  const acceptors: net.Server[] = [];
  acceptorsOf.set(server, acceptors);
  try {
    for (let i = 1; i < acceptSockets; i++) {
      const acceptor = net.createServer({ noDelay: true }, (socket) => server.emit('connection', socket));
      acceptors.push(acceptor);
      await bind(acceptor, bound, host, true);
    }
  } catch (err) {
    await closeServer(server, 0);
    throw err;
  }
  return server;
}

/**
 * Stops accepting (on every socket of the server), lets in-flight requests finish (up to graceMs),
 * then drops idle keep-alives.
 */
export async function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  const listening = [server, ...(acceptorsOf.get(server) ?? [])].filter((socket) => socket.listening);
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  timer.unref();
  try {
    const closed = listening.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve())));
    // The server tracks every connection it answers, the accept sockets' too.
    server.closeIdleConnections();
    await Promise.all(closed);
  } finally {
    clearTimeout(timer);
  }
}

/** The port a server actually listens on (useful with PORT=0). */
export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Fails fast with PortInUseError before a slow start-up that would end in EADDRINUSE anyway. */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
