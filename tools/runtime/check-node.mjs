// Imported first by every entry script (npm start, test, bench, e2e, distributed, admin): on an
// older Node.js it stops at once with the version needed and the version found, instead of failing
// later deep inside a dependency. The rule is package.json's engines.node (">=MAJOR.MINOR").
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/** "24.11.0" against ">=24.11": [24, 11, 0] compared part by part. */
export function satisfies(version, range) {
  const want = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!want) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR", not "${range}"`);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const need = Number(want[i + 1] ?? 0);
    if ((have[i] ?? 0) !== need) return (have[i] ?? 0) > need;
  }
  return true;
}

if (!satisfies(process.versions.node, engines.node)) {
  console.error(
    `Seatside needs Node.js ${engines.node.replace(/^>=\s*/, '')} or newer (package.json engines: "${engines.node}"); ` +
      `this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'Install Node.js 24 LTS, or on a Linux machine without it run `. tools/runtime/use-node.sh`, ' +
      'which fetches it from the npm registry and puts it first on PATH.',
  );
  process.exit(1);
}
