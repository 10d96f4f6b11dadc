const fs = require('node:fs');
const sharedTeardown = require('../jest/global-teardown.cjs');

module.exports = async function globalTeardown() {
  if (process.env.SEATSIDE_E2E_TEMPLATE) fs.rmSync(process.env.SEATSIDE_E2E_TEMPLATE, { recursive: true, force: true });
  await sharedTeardown();
};
