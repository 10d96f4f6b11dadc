import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run proto:check` protects the consumers of the published streams: a change to a contract that
 * would break one (a field retyped) fails `buf breaking` against main (additive changes pass: every
 * landing of this repository runs the check against its main).
 * Run on a copy of the repository's proto/ in a scratch git repository whose main is today's proto.
 */
const root = path.resolve(__dirname, '../..');

function sh(cwd: string, cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: res.status, out: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

describe('proto:check protects consumers (buf breaking)', () => {
  let repo: string;
  const ordersProto = () => path.join(repo, 'proto/seatside/orders/v1/events.proto');
  const check = () => sh(repo, process.execPath, ['tools/proto/check.mjs']);

  beforeAll(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-proto-breaking-'));
    fs.cpSync(path.join(root, 'proto'), path.join(repo, 'proto'), { recursive: true, filter: (src) => !src.includes('node_modules') });
    fs.mkdirSync(path.join(repo, 'tools/proto'), { recursive: true });
    fs.copyFileSync(path.join(root, 'tools/proto/check.mjs'), path.join(repo, 'tools/proto/check.mjs'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(repo, 'node_modules'));
    for (const args of [['init', '-q', '-b', 'main'], ['add', 'proto', 'tools'], ['-c', 'user.name=spec', '-c', 'user.email=spec@example.com', 'commit', '-qm', 'contracts']]) {
      expect(sh(repo, 'git', args).status).toBe(0);
    }
    expect(sh(repo, 'git', ['checkout', '-qb', 'change']).status).toBe(0);
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  it('given a field a consumer reads retyped (OrderPlaced.order_code string -> int64), when checked, then proto:check fails on buf breaking', () => {
    const original = fs.readFileSync(ordersProto(), 'utf8');
    fs.writeFileSync(ordersProto(), original.replace('  string order_code = 3;\n  string merchant_id = 4;', '  int64 order_code = 3;\n  string merchant_id = 4;'));
    const res = check();
    expect(res.status).toBe(1);
    expect(res.out).toMatch(/buf breaking against main failed/);
    expect(res.out).toMatch(/order_code/);
    expect(res.out).toMatch(/proto:check FAILED \(.*breaking\)/);
  });
});
