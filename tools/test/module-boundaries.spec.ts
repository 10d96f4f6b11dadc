import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Lints source text as if it lived at `file`, the way `npm run lint` would. */
function lint(file: string, source: string, rule = '@nx/enforce-module-boundaries') {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: root,
    input: source,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return report!.messages.filter((m) => m.ruleId === rule);
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

  describe('the shared rules (proto/rules, @seatside/rules: docs/ARCHITECTURE.md, "One rule, one place")', () => {
    it('given a service, a frontend, the ui package and the chassis, when they import the rules, then lint passes', () => {
      const source = "import { errorCodes } from '@seatside/rules';\nexport const x = errorCodes;\n";
      for (const file of ['services/orders/src/probe.ts', 'frontends/storefront/src/probe.ts', 'frontends/ui/src/probe.ts', 'services/chassis/src/probe.ts']) {
        expect(lint(file, source)).toEqual([]);
      }
    });

    it('given the rules, when they import the chassis, a service or the ui package, then lint fails', () => {
      for (const pkg of ['@seatside/chassis', '@seatside/orders', '@seatside/ui']) {
        expect(lint('proto/rules/src/probe.ts', `import * as x from '${pkg}';\nexport const y = x;\n`)).toHaveLength(1);
      }
    });

    it('given the rules, when they import a Node.js module or a package, then lint fails (they run in browsers too)', () => {
      for (const pkg of ['node:crypto', 'zod']) {
        const errors = lint('proto/rules/src/probe.ts', `import * as x from '${pkg}';\nexport const y = x;\n`, '@typescript-eslint/no-restricted-imports');
        expect(errors).toHaveLength(1);
      }
      expect(lint('proto/rules/src/probe.ts', "import { errorCodes } from './errors';\nexport const y = errorCodes;\n", '@typescript-eslint/no-restricted-imports')).toEqual([]);
    });
  });
});
