const fs = require('node:fs');
const sharedTeardown = require('../jest/global-teardown.cjs');

module.exports = async function globalTeardown() {
  try {
    // The platform and Chromium the suites shared (global-setup.cjs).
    await globalThis.__SEATSIDE_E2E_SHARED__?.stop();
  } finally {
    if (process.env.SEATSIDE_E2E_TEMPLATE) fs.rmSync(process.env.SEATSIDE_E2E_TEMPLATE, { recursive: true, force: true });
    await sharedTeardown();
  }
};
