/**
 * The order benches' client as a process of its own (order-load.cjs): a diner's phone is never in
 * the server's process, so the load it makes takes neither the server's thread nor its process.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Closed loop: `connections` orders in flight for `seconds`, each with its own Idempotency-Key. */
export interface OrderLoadJob {
  url: string;
  productIds: string[];
  connections: number;
  seconds: number;
}

export interface OrderLoad {
  perSecond: number;
  p99: number;
  count: number;
  /** Answered 201. */
  acknowledged: number;
  /** The other answers, `<status> <start of the body>` → how many. */
  failures: Record<string, number>;
  /** Cores the load process kept busy. */
  cores: number;
  /** CPU the load process used, in milliseconds. */
  cpuMs: number;
  /** Cores this (the server's) process used meanwhile. */
  serverCores: number;
}

export function placeOrdersFromClient(job: OrderLoadJob): Promise<OrderLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'order-load.cjs'), JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let cpu: NodeJS.CpuUsage | undefined;
    let began = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.once('spawn', () => {
      cpu = process.cpuUsage();
      began = performance.now();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const used = process.cpuUsage(cpu);
      const serverCores = (used.user + used.system) / 1000 / (performance.now() - began);
      if (code !== 0) return reject(new Error(`order-load exited with ${code}`));
      resolve({ ...(JSON.parse(out) as Omit<OrderLoad, 'serverCores'>), serverCores });
    });
  });
}
