// Composes the supergraph the gateway serves: `node --import tsx tools/supergraph/compose.ts [--check]`.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCompose } from './run';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUT = 'gateway/supergraph.graphql';

runCompose({
  servicesDir: join(repoRoot, 'services'),
  outputFile: join(repoRoot, OUTPUT),
  outputLabel: OUTPUT,
  check: process.argv.includes('--check'),
}).then(
  ({ exitCode, message }) => {
    (exitCode === 0 ? console.log : console.error)(message);
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
