// The fuzz suite (docs/development.md, "Fuzz suite"): hundreds of damaged and hostile documents as
// jobs through a real worker process. Separate from `npm test`: it takes minutes, and
// its files end in .fuzz.ts so the worker's own config never picks them up.
module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'worker-fuzz',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.fuzz.ts'],
  globalSetup: require.resolve('../../../tools/jest/test-database.js'),
  globals: { testDatabase: 'fuzz' },
  setupFiles: ['<rootDir>/setup-env.ts'],
  maxWorkers: 1,
};
