/**
 * The support chat's realtime delivery (issue 22): 500 `/chat` sockets spread over two chat processes
 * of the distributed topology sharing PostgreSQL and Redis, beside a bare socket.io echo in the same run.
 *   npx tsx tools/bench/chat.ts      (REDIS_URL required: without it the bench says so and skips;
 *                                      DATABASE_URL, else an embedded PostgreSQL in a temporary directory)
 * - Two chat processes (services/chat/dist/main.cjs when built, else its source through tsx), each on
 *   its own port, one schema, one Redis: the pub/sub bridge carries every emit to both.
 * - 250 visitor chats; each has one socket on each process (the same visitor's cookie, two tabs).
 *   Each chat sends a message through REST every ~10 s (CHAT_BENCH_EVERY_MS; spread at random) to one process, alternately;
 *   delivery = from the POST leaving this process to the `message` event on a socket, on both sockets
 *   (one of them is on the other process, so the message crossed Redis).
 * - raw: 500 sockets on a bare socket.io server (lib/socketio-echo.cjs, its own process), each
 *   emitting an acknowledged echo at the same rate: the round trip is the floor.
 * Prints: chat: sockets=500 processes=2 delivery p50=…ms p99=…ms (cross-process p99=…ms) messages=… lost=…
 *         raw echo p50=…ms p99=…ms goal p99<=150ms met|MISSED ratio=…   (ratio = delivery p99 ÷ echo p99)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connectClient, type Socket } from 'socket.io-client';
import { runBench } from './lib/harness';

const CHATS = 250;
const SOCKETS = CHATS * 2;
const SECONDS = 30;
/** Each chat sends a message this often (a busy support desk: 25 messages/s over 250 chats). */
const EVERY_MS = Number(process.env.CHAT_BENCH_EVERY_MS || 10_000);
const GOAL_P99_MS = 150;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function connect(url: string, namespace: string, auth: Record<string, unknown>, cookie?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectClient(`${url}${namespace}`, { path: '/socket.io', query: { nsp: namespace }, transports: ['websocket'], forceNew: true, reconnection: false, auth, ...(cookie ? { extraHeaders: { cookie } } : {}) });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects `count` sockets, a few at a time (a burst of 500 handshakes is not what is measured). */
async function connectAll<T>(count: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < count; i += 25) all.push(...(await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, j) => open(i + j)))));
  return all;
}

async function startChatProcess(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const built = join(process.cwd(), 'services/chat/dist/main.cjs');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', join(process.cwd(), 'services/chat/src/main.ts')];
  const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`chat process exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`chat process not ready at ${url}`);
}

/** Calls `tick(i)` for every chat every `EVERY_MS`, each at a random offset, for `SECONDS`. */
async function paced(count: number, tick: (i: number) => Promise<void>): Promise<void> {
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(Math.random() * EVERY_MS);
      while (Date.now() < until) {
        const next = Date.now() + EVERY_MS;
        await tick(i);
        await sleep(Math.max(0, next - Date.now()));
      }
    }),
  );
}

async function main() {
  if (!process.env.REDIS_URL) {
    console.log('chat: skipped: REDIS_URL is not set (two chat processes share Redis in this bench) ratio=n/a');
    return;
  }
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  let pg: { stop(): Promise<void> } | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'seatside-bench-chat-'));
  const prefix = `bench_${randomBytes(3).toString('hex')}_`;
  try {
    if (!process.env.DATABASE_URL) {
      const { startEmbeddedPostgres } = await import('@seatside/gateway/src/postgres');
      const { createLogger } = await import('@seatside/chassis');
      const handle = await startEmbeddedPostgres({ dataDir, logger: createLogger({ service: 'bench', level: 'silent' }) });
      process.env.DATABASE_URL = handle.url;
      pg = handle;
    }
    // No AI and no LiveKit: delivery is what is measured.
    const { OPENAI_API_KEY: _ai, LIVEKIT_URL: _livekit, ...inherited } = process.env;
    const env = { ...inherited, LOG_LEVEL: 'warn', DB_SCHEMA_PREFIX: prefix };
    // One first (it migrates the schema), then the second.
    const first = await startChatProcess(env);
    children.push(first.child);
    const second = await startChatProcess(env);
    children.push(second.child);
    const processes = [first.url, second.url];

    // 250 visitors, each with a socket on each process.
    const visitors = await connectAll(CHATS, async (i) => {
      const res = await fetch(`${processes[i % 2]}/v1/chat`);
      const cookie = String(res.headers.get('set-cookie')).split(';')[0]!;
      const { id } = (await res.json()) as { id: string };
      return { chatId: id, cookie };
    });
    const pending = new Map<string, number>();
    const delivery: number[] = [];
    const crossProcess: number[] = [];
    let delivered = 0;
    const chatSockets = await connectAll(SOCKETS, async (n) => {
      const visitor = visitors[n >> 1]!;
      const onProcess = n % 2;
      const socket = await connect(processes[onProcess]!, '/chat', { chatId: visitor.chatId }, visitor.cookie);
      socket.on('message', (message: { text: string }) => {
        const sent = pending.get(message.text);
        if (sent === undefined) return;
        const ms = performance.now() - sent;
        delivery.push(ms);
        delivered += 1;
        // The POST went to process (message number) % 2; a socket on the other one heard it over Redis.
        if (Number(message.text.split(':')[2]) % 2 !== onProcess) crossProcess.push(ms);
      });
      sockets.push(socket);
      return socket;
    });
    void chatSockets;

    let sentCount = 0;
    let failed = 0;
    await paced(CHATS, async (i) => {
      const visitor = visitors[i]!;
      const n = sentCount++;
      const text = `bench:${i}:${n}`;
      pending.set(text, performance.now());
      const res = await fetch(`${processes[n % 2]}/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: visitor.cookie },
        body: JSON.stringify({ message: text, type: 'text' }),
      });
      if (!res.ok) failed += 1;
      await res.arrayBuffer();
    });
    await sleep(2_000);
    const lost = sentCount * 2 - delivered;
    for (const socket of sockets.splice(0)) socket.close();

    // The baseline: a bare socket.io echo with as many sockets at the same pace.
    const echo = spawn(process.execPath, [join(process.cwd(), 'tools/bench/lib/socketio-echo.cjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(echo);
    const echoPort = await new Promise<number>((resolve, reject) => {
      echo.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      echo.once('exit', (code) => reject(new Error(`echo server exited (${code})`)));
    });
    const echoSockets = await connectAll(SOCKETS, async () => {
      const socket = await connect(`http://127.0.0.1:${echoPort}`, '/', {});
      sockets.push(socket);
      return socket;
    });
    const roundTrips: number[] = [];
    await paced(SOCKETS, async (i) => {
      const started = performance.now();
      await echoSockets[i]!.emitWithAck('echo', `bench:${i}`);
      roundTrips.push(performance.now() - started);
    });
    // Each chat sent every EVERY_MS; the echo sockets each emit every EVERY_MS too (twice the
    // messages, as a chat message is delivered to two sockets): comparable load on socket.io.

    delivery.sort((a, b) => a - b);
    crossProcess.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    const p99 = percentile(delivery, 0.99);
    const echoP99 = percentile(roundTrips, 0.99);
    console.log(
      `chat: sockets=${SOCKETS} processes=2 every=${EVERY_MS}ms messages=${sentCount} deliveries=${delivered} lost=${lost} failed=${failed} ` +
        `delivery p50=${percentile(delivery, 0.5).toFixed(1)}ms p99=${p99.toFixed(1)}ms cross-process p99=${percentile(crossProcess, 0.99).toFixed(1)}ms ` +
        `raw echo p50=${percentile(roundTrips, 0.5).toFixed(1)}ms p99=${echoP99.toFixed(1)}ms goal p99<=${GOAL_P99_MS}ms ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'} ratio=${(p99 / echoP99).toFixed(2)}`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve)))));
    if (process.env.DATABASE_URL && !pg) {
      const { Pool } = await import('pg');
      const pool = new Pool({ connectionString: process.env.DATABASE_URL });
      await pool.query(`DROP SCHEMA IF EXISTS "${prefix}chat" CASCADE`);
      await pool.end();
    }
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
