import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { finishHttpApp } from '@seatside/chassis';
import { admissionControl, nextLimit, placeOrder, type AdmissionLimits } from './admission';

/**
 * An app whose order handler holds every request until the spec lets it finish, behind admission
 * control; it counts the requests that reached it.
 */
async function held(limits: AdmissionLimits) {
  const reached: Array<() => void> = [];
  const app = express();
  app.use(admissionControl([placeOrder(limits)]));
  app.post('/v1/merchants/:id/orders', express.json(), (req, res) => {
    reached.push(() => res.status(201).json({ seat: req.body.seat }));
  });
  app.get('/v1/merchants/:id/orders', (_req, res) => {
    res.json([]);
  });
  finishHttpApp(app);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const place = (seat: number) =>
    fetch(`${url}/v1/merchants/m1/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seat }) }).then(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type'),
      body: (await res.json()) as { seat?: number; message?: string; status?: number },
    }));
  return { reached, place, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('admission control of order placement', () => {
  it('given a limit of 2 and a queue of 3, when 8 orders arrive at once, then 3 are shed with 503 and Retry-After before reaching the handler, and the other 5 complete', async () => {
    const app = await held({ concurrency: 2, queue: 3, maxWaitMs: 600_000 });
    try {
      const answers = Array.from({ length: 8 }, (_, seat) => app.place(seat));
      const settled: Array<Awaited<(typeof answers)[number]>> = [];
      for (const answer of answers) void answer.then((a) => settled.push(a));
      // Two in the handler, three waiting: the other three are answered at once.
      await until(() => app.reached.length === 2 && settled.length === 3);
      for (const shed of settled) {
        expect(shed.status).toBe(503);
        expect(shed.retryAfter).toBe('1');
        expect(shed.type).toContain('application/problem+json');
        expect(shed.body).toMatchObject({ status: 503, message: 'The service is busy, please try again shortly' });
      }
      // Each finished order lets a waiting one in, until all five admitted have completed.
      let finished = 0;
      while (finished < 5) {
        await until(() => app.reached.length > finished);
        app.reached[finished++]?.();
      }
      const all = await Promise.all(answers);
      expect(all.filter((a) => a.status === 201)).toHaveLength(5);
      expect(all.filter((a) => a.status === 503)).toHaveLength(3);
      expect(app.reached).toHaveLength(5);
      const seatsPlaced = all.filter((a) => a.status === 201).map((a) => a.body.seat);
      expect(new Set(seatsPlaced).size).toBe(5);
    } finally {
      await app.close();
    }
  });

  it('given a request waiting longer than the cap, then it is shed with 503 and never reaches the handler, while the admitted one completes', async () => {
    const app = await held({ concurrency: 1, queue: 10, maxWaitMs: 1 });
    try {
      const first = app.place(1);
      await until(() => app.reached.length === 1);
      const waiting = await Promise.all([app.place(2), app.place(3)]);
      expect(waiting.map((a) => [a.status, a.retryAfter])).toEqual([[503, '1'], [503, '1']]);
      app.reached[0]?.();
      await expect(first).resolves.toMatchObject({ status: 201, body: { seat: 1 } });
      expect(app.reached).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('given other requests than placing an order, then they pass without a gate', async () => {
    const app = await held({ concurrency: 1, queue: 0, maxWaitMs: 1 });
    try {
      const first = app.place(1);
      await until(() => app.reached.length === 1);
      const list = await fetch(`${app.url}/v1/merchants/m1/orders`);
      expect(list.status).toBe(200);
      expect((await app.place(2)).status).toBe(503);
      app.reached[0]?.();
      expect((await first).status).toBe(201);
      // The slot is free again.
      const again = app.place(3);
      await until(() => app.reached.length === 2);
      app.reached[1]?.();
      expect((await again).status).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('the adaptive limit', () => {
  const bounds = { targetMs: 150, min: 2, max: 32 };
  const window = (ms: number, slow = 0, slowMs = 400) => [...Array.from({ length: 50 - slow }, () => ms), ...Array.from({ length: slow }, () => slowMs)].sort((a, b) => a - b);

  it('given times over the target at the 95th percentile, then the limit shrinks in proportion, by a fifth at most, and not below its minimum', () => {
    expect(nextLimit(16, window(40, 5, 400), true, bounds)).toBe(12);
    expect(nextLimit(16, window(40, 5, 170), true, bounds)).toBe(14);
    expect(nextLimit(2, window(400), true, bounds)).toBe(2);
  });

  it('given times under the target, then the limit grows while it was reached (by one at least, a quarter at most, up to its maximum), and stays otherwise', () => {
    expect(nextLimit(8, window(140), true, bounds)).toBe(9);
    expect(nextLimit(16, window(40), true, bounds)).toBe(20);
    expect(nextLimit(30, window(40), true, bounds)).toBe(32);
    expect(nextLimit(8, window(40), false, bounds)).toBe(8);
  });
});
