import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const repoRoot = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A temp folder the embedded PostgreSQL's own user can enter too (mkdtemp makes it 0700). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** What a spec started and has not seen exit: `node args` and what it printed so far. */
const started = new Map<ChildProcess, { args: string[]; output: () => string }>();

/** `node args`, remembered until it exits (killLeftovers). */
function spawnTracked(args: string[], env: NodeJS.ProcessEnv, output: () => string): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.set(child, { args, output });
  child.once('exit', () => started.delete(child));
  return child;
}

/** The processes `pid` started, and theirs, from /proc (a build's workers, an embedded PostgreSQL). */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after its last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Exited while the list was read.
    }
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length; ) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/**
 * Kills every process a spec started and left running (a spec that failed before its own stop, or a
 * process that never exited), with what it started in turn, and says what each had printed: one
 * process that hangs must fail its spec, not keep jest (and CI) waiting on its pipes. Run after each
 * spec file (setup-after-env.ts).
 */
export function killLeftovers(): string[] {
  const reports: string[] = [];
  for (const [child, { args, output }] of started) {
    const descendants = descendantsOf(child.pid!);
    for (const pid of [child.pid!, ...descendants]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already exited.
      }
    }
    started.delete(child);
    const alongside = descendants.length ? ` with the processes it started (${descendants.join(', ')})` : '';
    reports.push(`killed \`node ${args.join(' ')}\` (pid ${child.pid})${alongside}, still running after its spec; it had printed:\n${output()}`);
  }
  return reports;
}

export interface RunningProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Exited {
  code: number | null;
  output: string;
}

/**
 * Runs a command the way a person would and waits for the line that prints the URL;
 * rejects with everything it printed if it exits first.
 */
export function launch(args: string[], env: NodeJS.ProcessEnv, ready = /running at (http:\/\/\S+)/): Promise<RunningProcess> {
  let output = '';
  const child = spawnTracked(args, env, () => output);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        resolve({
          child,
          url: match[1]!,
          output: () => output,
          stop: async (signal = 'SIGINT') => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
}

/** Runs a command to its end, collecting what it printed. */
export function runToExit(args: string[], env: NodeJS.ProcessEnv): Promise<Exited> {
  let output = '';
  const child = spawnTracked(args, env, () => output);
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/**
 * What `npm start` runs once its build is done (tools/start.mjs imports this file after setting the
 * same variable): for a spec that starts the platform again and has no need to ask Nx for the build
 * each time.
 */
export function builtStart(env: NodeJS.ProcessEnv): [string[], NodeJS.ProcessEnv] {
  return [['gateway/dist/main.cjs'], { WEBHOOKS_ALLOW_PRIVATE: 'true', ...env }];
}

/** Serves a JWKS on 127.0.0.1 so the platform can verify tokens the test signs. */
export async function serveJwks(jwks: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${address.port}/jwks.json`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The environment of a person's shell on a fresh machine: no external database or Redis. */
export function embeddedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}
