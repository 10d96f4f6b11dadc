import nx from '@nx/eslint-plugin';

// Module boundaries: a service may use only the chassis and the proto contracts; never another service.
// A frontend (shell or remote) may use only the shared ui package; the ui package uses nothing of ours.
// The shared rules (proto/rules, @seatside/rules: pure code both sides need) may be used by all and use nothing.
export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist/**', '**/node_modules/**', 'proto/gen/**', '**/.data/**', '**/jest.config.cjs'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:chassis', 'type:proto', 'type:shared', 'type:rules'] },
            { sourceTag: 'type:chassis', onlyDependOnLibsWithTags: ['type:proto', 'type:rules'] },
            { sourceTag: 'type:proto', onlyDependOnLibsWithTags: ['type:rules'] },
            { sourceTag: 'type:rules', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:chassis', 'type:service', 'type:proto', 'type:rules'] },
            { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['type:ui', 'type:shared', 'type:rules'] },
            // proto/template-render: the template shapes and drawing shared by the designer and the tags service.
            { sourceTag: 'type:shared', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:rules'] },
          ],
        },
      ],
    },
  },
  {
    // antd is shared per component (frontends/ui/build/federation.mjs): importing the `antd` root
    // would bundle a second, unthemed copy of antd into the importing app.
    files: ['frontends/**/*.ts', 'frontends/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'antd', message: "Import antd components as 'antd/es/<component>' (shared one by one); types from 'antd' are fine.", allowTypeImports: true }],
        },
      ],
    },
  },
  {
    // The shared rules run in browsers and in services alike: pure code, no Node.js or package imports.
    files: ['proto/rules/**/*.ts'],
    ignores: ['proto/rules/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/)', message: '@seatside/rules is pure and dependency-free: import only its own files.' }] },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
