import net from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';

export class PortInUseError extends Error {
  constructor(readonly host: string, readonly port: number) {
    super(`Port ${port} on ${host} is already in use. Stop the other process or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

/** Listens, turning EADDRINUSE into a clear error instead of a stack trace. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err),
    );
  });
}

/** Stops accepting, lets in-flight requests finish (up to graceMs), then drops idle keep-alives. */
export function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
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
