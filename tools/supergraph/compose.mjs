// `npm run supergraph [-- --check]`: runs compose.ts under tsx, since plain node cannot load TypeScript.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./compose.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const child = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
});
process.exit(child.status ?? 1);
