// End-to-end specs: the platform as `npm start` (or the distributed runner) starts it, driven over
// HTTP and through Chromium. One suite at a time: the suites' data never meet (each makes its own
// accounts and merchants on the shared platform), but with two at a time on this two-core machine,
// at load 20-25, admin's first page (its own platform just started) did not render within 30 s.
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  maxWorkers: 1,
  testTimeout: 300_000,
  // Builds once, makes the template DATA_DIR the suites' platforms start from, and starts the platform
  // and the Chromium the suites share (global-setup.cjs).
  globalSetup: '<rootDir>/global-setup.cjs',
  globalTeardown: '<rootDir>/global-teardown.cjs',
  // Kills what a spec file started and left running (platform.ts, killLeftovers).
  setupFilesAfterEnv: ['<rootDir>/setup-after-env.ts'],
};
