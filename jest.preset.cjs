// Shared jest settings: TypeScript through SWC, specs beside the code, one PostgreSQL for the run.
const path = require('node:path');
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // No spec is timed (a slow machine is not a failure); this only ends a spec that hangs.
  testTimeout: 600_000,
  globalSetup: path.join(__dirname, 'tools/jest/global-setup.cjs'),
  globalTeardown: path.join(__dirname, 'tools/jest/global-teardown.cjs'),
};
