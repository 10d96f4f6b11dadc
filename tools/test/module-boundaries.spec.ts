import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Lints source text as if it lived at `file`, the way `npm run lint` would. */
function lint(file: string, source: string) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: root,
    input: source,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return report!.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
}

describe('module boundaries (DESIGN §3)', () => {
  it('given a service, when it imports another service, then lint fails', () => {
    const errors = lint('services/chat/src/probe.ts', "import { catalogService } from '@seatside/catalog';\nexport const x = catalogService;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/type:service/);
  });

  it('given a service, when it reaches into another service by a relative path, then lint fails', () => {
    const errors = lint('services/chat/src/probe.ts', "import { catalogService } from '../../catalog/src/index';\nexport const x = catalogService;\n");
    expect(errors).toHaveLength(1);
  });

  it('given a service, when it imports the chassis and the proto contracts, then lint passes', () => {
    const errors = lint('services/chat/src/probe.ts', "import { notFound } from '@seatside/chassis';\nimport * as proto from '@seatside/proto';\nexport const x = [notFound, proto];\n");
    expect(errors).toEqual([]);
  });

  it('given the chassis, when it imports a service, then lint fails', () => {
    const errors = lint('services/chassis/src/probe.ts', "import { chatService } from '@seatside/chat';\nexport const x = chatService;\n");
    expect(errors).toHaveLength(1);
  });
});
