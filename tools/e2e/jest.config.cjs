// End-to-end specs: the platform as `npm start` (or the distributed runner) starts it, driven over
// HTTP and through Chromium. One at a time: each starts whole processes.
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  maxWorkers: 1,
  testTimeout: 300_000,
  // Builds once and makes the template DATA_DIR the suites' platforms start from (global-setup.cjs).
  globalSetup: '<rootDir>/global-setup.cjs',
  globalTeardown: '<rootDir>/global-teardown.cjs',
};
