/**
 * The support chat's realtime delivery (issue 22): 500 `/chat` sockets spread over two chat processes
 * of the distributed topology sharing PostgreSQL and Redis, beside a bare socket.io echo in the same run.
 *   npx tsx tools/bench/chat.ts      (REDIS_URL required: without it the bench says so and skips;
 *                                      DATABASE_URL, else an embedded PostgreSQL in a temporary directory)
 * - Two chat processes (services/chat/dist/main.cjs when built, else its source through tsx), each on
 *   its own port, one schema, one Redis: the pub/sub bridge carries every emit to both.
 * - The load comes from generator processes of their own (lib/chat-load.cjs), never from the
 *   servers' or this process's event loop:
 *   - chats: 250 visitors, each with a socket on each chat process (the same cookie, two tabs). Each
 *     visitor's first message starts its chat and warms the processes (not measured). Then each chat
 *     sends a message through REST every ~10 s (CHAT_BENCH_EVERY_MS, random phase; 25 messages/s in
 *     all) to the processes in turn, for 30 s (CHAT_BENCH_SECONDS); delivery = from the POST leaving
 *     the generator to the `message` event on each of the chat's two sockets (the one on the other
 *     process heard it through Redis: cross-process).
 *   - echo: 500 sockets on a bare socket.io server (lib/socketio-echo.cjs, its own process), each
 *     emitting an acknowledged echo at the same pace: the round trip is the floor.
 *   Both generators connect first, then start together, so both figures are taken under the same
 *   machine load (printed: the 1-minute load average before and after).
 * Prints: chat: sockets=500 processes=2 … delivery p50=…ms p99=…ms cross-process p99=…ms raw echo p50=…ms p99=…ms
 *         goal p99<=150ms met|MISSED ratio=… server cpu per message=…ms per echo=…ms loadavg=…
 *   (ratio = delivery p99 ÷ echo p99; the CPU the two chat processes, or the echo server, spent in
 *   the measured window per message sent, or per echo: what the latencies become on a busy machine)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runBench } from './lib/harness';

const CHATS = 250;
const SOCKETS = CHATS * 2;
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS || 30);
/** Each chat sends a message this often (a busy support desk: 25 messages/s over 250 chats). */
const EVERY_MS = Number(process.env.CHAT_BENCH_EVERY_MS || 10_000);
const GOAL_P99_MS = 150;

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

/** A load generator process: resolves once it printed `ready`; `result()` sends `go` and answers its result. */
async function startGenerator(options: Record<string, unknown>): Promise<{ child: ChildProcess; result(): Promise<unknown> }> {
  const child = spawn(process.execPath, [join(process.cwd(), 'tools/bench/lib/chat-load.cjs'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const lines: ((line: string) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    let end: number;
    while ((end = output.indexOf('\n')) >= 0) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      for (const listener of lines) listener(line);
    }
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`load generator (${String(options.mode)}) exited (${code})`))));
  const line = (match: (line: string) => boolean) => Promise.race([exited, new Promise<string>((resolve) => lines.push((l) => match(l) && resolve(l)))]);
  await line((l) => l === 'ready');
  return {
    child,
    async result() {
      const answer = line((l) => l.startsWith('result '));
      child.stdin!.write('go\n');
      return JSON.parse((await answer).slice('result '.length)) as unknown;
    },
  };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? 'n/a';

/**
 * A process's CPU time so far in ms (user + system, from /proc; 0 where there is none). CPU per
 * message does not depend on how loaded the machine is, unlike the latencies.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

type Percentiles = { count: number; p50: number; p99: number; max: number };

async function main() {
  if (!process.env.REDIS_URL) {
    console.log('chat: skipped: REDIS_URL is not set (two chat processes share Redis in this bench) ratio=n/a');
    return;
  }
  const children: ChildProcess[] = [];
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

    const echoServer = spawn(process.execPath, [join(process.cwd(), 'tools/bench/lib/socketio-echo.cjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(echoServer);
    const echoPort = await new Promise<number>((resolve, reject) => {
      echoServer.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      echoServer.once('exit', (code) => reject(new Error(`echo server exited (${code})`)));
    });

    const pace = { everyMs: EVERY_MS, seconds: SECONDS };
    const [chats, echo] = await Promise.all([
      startGenerator({ mode: 'chat', urls: [first.url, second.url], chats: CHATS, ...pace }),
      startGenerator({ mode: 'echo', url: `http://127.0.0.1:${echoPort}`, sockets: SOCKETS, ...pace }),
    ]);
    children.push(chats.child, echo.child);
    const loadBefore = loadAverage();
    const serverCpu = () => cpuMs(first.child.pid) + cpuMs(second.child.pid);
    const cpuBefore = { chat: serverCpu(), echo: cpuMs(echoServer.pid) };
    const [chatResult, echoResult] = (await Promise.all([chats.result(), echo.result()])) as [
      { sent: number; failed: number; lost: number; delivery: Percentiles; crossProcess: Percentiles },
      { roundTrip: Percentiles },
    ];
    const loadAfter = loadAverage();
    const cpu = { chat: serverCpu() - cpuBefore.chat, echo: cpuMs(echoServer.pid) - cpuBefore.echo };

    const { delivery, crossProcess } = chatResult;
    const { roundTrip } = echoResult;
    console.log(
      `chat: sockets=${SOCKETS} processes=2 every=${EVERY_MS}ms seconds=${SECONDS} messages=${chatResult.sent} deliveries=${delivery.count} lost=${chatResult.lost} failed=${chatResult.failed} ` +
        `delivery p50=${delivery.p50.toFixed(1)}ms p99=${delivery.p99.toFixed(1)}ms max=${delivery.max.toFixed(1)}ms cross-process p99=${crossProcess.p99.toFixed(1)}ms ` +
        `raw echo p50=${roundTrip.p50.toFixed(1)}ms p99=${roundTrip.p99.toFixed(1)}ms goal p99<=${GOAL_P99_MS}ms ${delivery.p99 <= GOAL_P99_MS ? 'met' : 'MISSED'} ` +
        `ratio=${(delivery.p99 / Math.max(roundTrip.p99, 0.1)).toFixed(2)} ` +
        `server cpu per message=${(cpu.chat / Math.max(chatResult.sent, 1)).toFixed(2)}ms per echo=${(cpu.echo / Math.max(roundTrip.count, 1)).toFixed(2)}ms loadavg=${loadBefore}->${loadAfter} (${cpus().length} cores)`,
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(null) : c.once('exit', resolve)))));
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
