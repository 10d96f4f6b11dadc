import fs from 'node:fs';
import { killLeftovers, launch } from '../e2e/platform';

/** Running: present and not a zombie waiting to be reaped. */
const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('e2e: what a spec leaves running', () => {
  it('given a started process that never exits and has a child of its own, when its spec file ends, then both are killed and what it printed is reported', async () => {
    const stuck = await launch(['tools/test/fixtures/hangs-with-a-child.mjs'], process.env, /my child is (\d+)/);
    const childPid = Number(stuck.url);
    expect(running(childPid)).toBe(true);

    const reports = killLeftovers();

    expect(reports).toEqual([
      `killed \`node tools/test/fixtures/hangs-with-a-child.mjs\` (pid ${stuck.child.pid}) with the processes it started (${childPid}), still running after its spec; it had printed:\nwaiting forever; my child is ${childPid}\n`,
    ]);
    expect(await stuck.stop()).toBeNull();
    while (running(childPid)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(killLeftovers()).toEqual([]);
  });
});
