import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nextAttemptAt, outcomeOf, RETRY_DELAYS_MS } from './schedule';
import { httpSender, isPrivateAddress, RESPONSE_BODY_LIMIT } from './send';

describe('the outgoing request guard', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '0.0.0.0', '100.64.0.1'])('given %s, then it is refused', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('given the public %s, then it is allowed', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  describe('against a local receiver', () => {
    let server: http.Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      server = http.createServer((_req, res) => {
        hits++;
        res.end('x'.repeat(RESPONSE_BODY_LIMIT * 3));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('given a loopback address or a name that resolves to one (checked at connect time), then nothing is sent unless private receivers are allowed', async () => {
      const guarded = httpSender();
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
        const result = await guarded(url, {}, '{}');
        expect([result.statusCode, result.error]).toEqual([0, expect.stringMatching(/Refused: .* private, loopback or link-local/)]);
      }
      expect(hits).toBe(0);
      const open = await httpSender({ allowPrivate: true })(`http://localhost:${port}/`, {}, '{}');
      expect([open.statusCode, open.responseBody.length]).toEqual([200, RESPONSE_BODY_LIMIT]);
      expect(hits).toBe(1);
    });
  });
});

describe('the retry schedule', () => {
  it('given failures, then retries follow immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and stop after the eighth attempt', () => {
    expect(RETRY_DELAYS_MS).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    const at = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(1, at)?.toISOString()).toBe('2026-01-01T00:00:05.000Z');
    expect(nextAttemptAt(8, at)).toBeNull();
    expect(outcomeOf(204, 1, at)).toEqual({ status: 'succeeded' });
    expect(outcomeOf(410, 1, at)).toEqual({ status: 'failed', disable: true });
    expect(outcomeOf(0, 8, at)).toEqual({ status: 'failed', disable: false });
  });
});
