// tools' own specs (module boundaries, supergraph CLI); the end-to-end specs have their own config.
module.exports = {
  ...require('../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/supergraph/**/*.spec.ts'],
};
