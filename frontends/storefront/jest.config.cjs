// The storefront's unit specs: pure functions only (hours, menu availability, pickup slots, the
// cart and checkout body), so no database is started (the preset's global setup is left out).
const preset = require('../../jest.preset.cjs');
module.exports = { ...preset, rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.unit.spec.ts'], globalSetup: undefined, globalTeardown: undefined };
