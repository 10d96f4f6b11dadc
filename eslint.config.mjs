import nx from '@nx/eslint-plugin';

// Module boundaries: a service may use only the chassis and the proto contracts; never another service.
export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist/**', '**/node_modules/**', 'proto/gen/**', '**/.data/**', '**/jest.config.cjs'] },
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:chassis', 'type:proto'] },
            { sourceTag: 'type:chassis', onlyDependOnLibsWithTags: ['type:proto'] },
            { sourceTag: 'type:proto', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:chassis', 'type:service', 'type:proto'] },
            { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
