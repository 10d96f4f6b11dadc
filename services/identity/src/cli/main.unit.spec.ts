import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAdminArgs } from './admin';
import { runningPlatformPostgres } from './main';

describe('admin CLI arguments', () => {
  it('given grant or revoke and an email, then the command', () => {
    expect(parseAdminArgs(['grant', ' a@b.co '])).toEqual({ action: 'grant', email: 'a@b.co' });
    expect(parseAdminArgs(['revoke', 'a@b.co'])).toEqual({ action: 'revoke', email: 'a@b.co' });
  });
  it('given anything else, then the usage', () => {
    for (const argv of [[], ['grant'], ['make', 'a@b.co'], ['grant', 'a@b.co', 'extra']]) expect(() => parseAdminArgs(argv)).toThrow(/^usage:/);
  });
});

describe('finding the running platform of a DATA_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-admin-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('given no lock, or a lock of a dead process, then none (the CLI starts PostgreSQL itself)', () => {
    expect(runningPlatformPostgres(dir)).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'seatside.pid'), '999999999');
    fs.writeFileSync(path.join(dir, 'postgres.url'), 'postgres://stale');
    expect(runningPlatformPostgres(dir)).toBeUndefined();
  });

  it('given a live lock holder and its published URL, then that URL; without the URL, its pid', () => {
    fs.writeFileSync(path.join(dir, 'seatside.pid'), String(process.pid));
    fs.writeFileSync(path.join(dir, 'postgres.url'), 'postgres://postgres:postgres@127.0.0.1:5999/postgres\n');
    expect(runningPlatformPostgres(dir)).toEqual({ url: 'postgres://postgres:postgres@127.0.0.1:5999/postgres' });
    fs.rmSync(path.join(dir, 'postgres.url'));
    expect(runningPlatformPostgres(dir)).toEqual({ pid: process.pid });
  });
});
