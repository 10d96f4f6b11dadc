import http, { type Server } from 'node:http';
import net from 'node:net';
import { assertPortFree, closeServer, listen, portOf, PortInUseError, SHARES_PORTS } from './listen';

const HOST = '127.0.0.1';
const hello: http.RequestListener = (_req, res) => res.end('hello');

/** Keeps the event loop from turning for `ms`, as a busy server's request handling does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A GET on a connection of its own. */
function getFresh(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: HOST, port, path: '/', agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Opens `count` connections while the loop is held, so that all wait in the kernel's queues, then
 * lets exactly one poll phase run: the connections the server accepted in it.
 */
async function acceptedInOneTurn(server: Server, count: number): Promise<number> {
  let accepted = 0;
  server.on('connection', () => accepted++);
  const clients = Array.from({ length: count }, () => net.connect(portOf(server), HOST).on('error', () => undefined));
  await nextTurn(); // the connects leave
  busyFor(100); // the kernel completes the handshakes meanwhile
  const before = await new Promise<number>((resolve) => setImmediate(() => resolve(accepted)));
  // An immediate set in the check phase runs in the next turn's: exactly one poll phase between.
  const after = await new Promise<number>((resolve) => setImmediate(() => resolve(accepted)));
  clients.forEach((client) => client.destroy());
  return after - before;
}

describe('listen', () => {
  const open: Server[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => closeServer(server, 0)));
  });
  const listening = async (acceptSockets: number) => {
    const server = await listen(hello, 0, HOST, acceptSockets);
    open.push(server);
    return server;
  };

  it('given one listening socket and a busy loop, when connections arrive at once, then each loop turn accepts one of them', async () => {
    const server = await listening(1);
    expect(await acceptedInOneTurn(server, 40)).toBe(1);
  });

  // Where ports cannot be shared, listen falls back to one socket.
  const itSharingPorts = SHARES_PORTS ? it : it.skip;
  itSharingPorts('given several accept sockets and a busy loop, when connections arrive at once, then a loop turn accepts one per socket', async () => {
    const server = await listening(8);
    // 40 connections spread over 8 sockets by the kernel: each socket has some.
    expect(await acceptedInOneTurn(server, 40)).toBeGreaterThan(4);
  });

  it('given several accept sockets, then every connection is answered by the one server and its handler', async () => {
    const server = await listening(8);
    let connections = 0;
    server.on('connection', () => connections++);
    const answers = await Promise.all(Array.from({ length: 40 }, () => getFresh(portOf(server))));
    expect(answers).toEqual(Array.from({ length: 40 }, () => ({ status: 200, body: 'hello' })));
    expect(connections).toBe(40);
  });

  it('given a port already taken, then listening with accept sockets fails with PortInUseError', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, resolve));
    const port = (other.address() as net.AddressInfo).port;
    try {
      await expect(listen(hello, port, HOST, 8)).rejects.toBeInstanceOf(PortInUseError);
    } finally {
      other.close();
    }
  });

  it('given a server listening with accept sockets, then a second one on its port fails instead of sharing it', async () => {
    const first = await listening(8);
    await expect(listen(hello, portOf(first), HOST, 8)).rejects.toBeInstanceOf(PortInUseError);
    await expect(listen(hello, portOf(first), HOST, 1)).rejects.toBeInstanceOf(PortInUseError);
  });

  it('given a server with accept sockets, when it closes, then the port is free again', async () => {
    const server = await listen(hello, 0, HOST, 8);
    const port = portOf(server);
    await closeServer(server, 0);
    await expect(assertPortFree(port, HOST)).resolves.toBeUndefined();
    await expect(getFresh(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('given idle keep-alive connections on the accept sockets, when the server closes, then they are closed with it, without waiting for the grace time', async () => {
    const server = await listen(hello, 0, HOST, 8);
    server.keepAliveTimeout = 0; // idle connections would otherwise stay open for ever
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const closed = new Map<net.Socket, Promise<void>>();
    agent.on('free', (socket: net.Socket) => {
      if (!closed.has(socket)) closed.set(socket, new Promise((resolve) => socket.once('close', () => resolve())));
    });
    const get = () =>
      new Promise<void>((resolve, reject) =>
        http.get({ host: HOST, port: portOf(server), path: '/', agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
    await Promise.all(Array.from({ length: 16 }, get));
    expect(closed.size).toBe(16);
    await closeServer(server, 600_000);
    await Promise.all(closed.values());
    agent.destroy();
  });
});
