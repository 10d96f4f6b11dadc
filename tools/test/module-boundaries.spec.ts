import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Message {
  ruleId: string | null;
  message: string;
}

/** Source text linted as if it lived at `file`. */
interface Case {
  file: string;
  source: string;
}

const imports = (what: string, from: string) => `import ${what} from '${from}';\nexport const y = ${what.replace(/[{}]|\* as /g, '').trim()};\n`;

// Every text the specs below lint, linted by one ESLint in beforeAll (fixtures/lint-texts.mjs): an
// `eslint --stdin` per text took about 7 s each, nearly all of it loading the configuration.
const cases: Record<string, Case> = {
  serviceImportsService: { file: 'services/chat/src/probe.ts', source: imports('{ catalogService }', '@seatside/catalog') },
  serviceReachesIntoService: { file: 'services/chat/src/probe.ts', source: imports('{ catalogService }', '../../catalog/src/index') },
  serviceImportsChassisAndProto: {
    file: 'services/chat/src/probe.ts',
    source: "import { notFound } from '@seatside/chassis';\nimport * as proto from '@seatside/proto';\nexport const x = [notFound, proto];\n",
  },
  chassisImportsService: { file: 'services/chassis/src/probe.ts', source: imports('{ chatService }', '@seatside/chat') },
  ...Object.fromEntries(
    ['services/orders', 'frontends/storefront', 'frontends/ui', 'services/chassis'].map((project) => [`rulesFrom ${project}`, { file: `${project}/src/probe.ts`, source: imports('{ errorCodes }', '@seatside/rules') }]),
  ),
  ...Object.fromEntries(['@seatside/chassis', '@seatside/orders', '@seatside/ui', 'node:crypto', 'zod', './errors'].map((pkg) => [`rulesImport ${pkg}`, { file: 'proto/rules/src/probe.ts', source: imports('* as x', pkg) }])),
};

let linted: Record<string, Message[]> = {};

/** What `rule` said about the text of `name`. */
const lint = (name: string, rule = '@nx/enforce-module-boundaries') => {
  const messages = linted[name];
  if (!messages) throw new Error(`${name} was not linted`);
  return messages.filter((m) => m.ruleId === rule);
};

beforeAll(() => {
  const names = Object.keys(cases);
  const result = spawnSync(process.execPath, [path.join(__dirname, 'fixtures/lint-texts.mjs')], {
    cwd: root,
    input: JSON.stringify(names.map((name) => cases[name])),
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (result.status !== 0) throw new Error(`lint-texts failed: ${result.stderr}`);
  const reports = JSON.parse(result.stdout) as Message[][];
  linted = Object.fromEntries(names.map((name, i) => [name, reports[i] ?? []]));
});

describe('module boundaries (DESIGN §3)', () => {
  it('given a service, when it imports another service, then lint fails', () => {
    const errors = lint('serviceImportsService');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/type:service/);
  });

  it('given a service, when it reaches into another service by a relative path, then lint fails', () => {
    expect(lint('serviceReachesIntoService')).toHaveLength(1);
  });

  it('given a service, when it imports the chassis and the proto contracts, then lint passes', () => {
    expect(lint('serviceImportsChassisAndProto')).toEqual([]);
  });

  it('given the chassis, when it imports a service, then lint fails', () => {
    expect(lint('chassisImportsService')).toHaveLength(1);
  });

  describe('the shared rules (proto/rules, @seatside/rules: docs/ARCHITECTURE.md, "One rule, one place")', () => {
    it('given a service, a frontend, the ui package and the chassis, when they import the rules, then lint passes', () => {
      for (const project of ['services/orders', 'frontends/storefront', 'frontends/ui', 'services/chassis'] ) {
        expect(lint(`rulesFrom ${project}`)).toEqual([]);
      }
    });

    it('given the rules, when they import the chassis, a service or the ui package, then lint fails', () => {
      for (const pkg of ['@seatside/chassis', '@seatside/orders', '@seatside/ui']) {
        expect(lint(`rulesImport ${pkg}`)).toHaveLength(1);
      }
    });

    it('given the rules, when they import a Node.js module or a package, then lint fails (they run in browsers too)', () => {
      for (const pkg of ['node:crypto', 'zod']) {
        expect(lint(`rulesImport ${pkg}`, '@typescript-eslint/no-restricted-imports')).toHaveLength(1);
      }
      expect(lint('rulesImport ./errors', '@typescript-eslint/no-restricted-imports')).toEqual([]);
    });
  });
});
