// The marketing site's unit specs: pure functions only (the earnings calculator), so no database is
// started (the preset's global setup is left out).
const preset = require('../../jest.preset.cjs');
module.exports = { ...preset, rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.unit.spec.ts'], globalSetup: undefined, globalTeardown: undefined };
