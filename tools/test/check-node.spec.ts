import { spawnSync } from 'node:child_process';
import path from 'node:path';

const checkNode = path.resolve(__dirname, '../runtime/check-node.mjs');

/** Runs a module snippet after the check, on this runtime (jest itself cannot import ESM). */
function afterCheck(code: string) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `import { satisfies } from ${JSON.stringify(checkNode)};\n${code}`]);
  return { status: run.status, out: run.stdout.toString(), err: run.stderr.toString() };
}

describe('the runtime check every entry script imports first', () => {
  it('given versions against the engines range, then only that version or newer satisfies it', () => {
    const cases = ['24.11.0', 'v24.21.0', '26.0.0', '24.10.9', '20.20.2'];
    const run = afterCheck(`console.log(JSON.stringify(${JSON.stringify(cases)}.map((v) => satisfies(v, '>=24.11'))));`);
    expect(JSON.parse(run.out)).toEqual([true, true, true, false, false]);
  });

  it('given an engines range of another form, then the check says how it must read', () => {
    const run = afterCheck(`try { satisfies('24.0.0', '^24'); } catch (e) { console.log(e.message); }`);
    expect(run.out).toContain('engines.node must read ">=MAJOR.MINOR"');
  });

  it('given this runtime, when an entry script starts, then it goes on', () => {
    const run = afterCheck(`console.log('went on');`);
    expect(run.out).toContain('went on');
    expect(run.status).toBe(0);
  });
});
