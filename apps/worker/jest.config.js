module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'worker',
  rootDir: __dirname,
  globalSetup: require.resolve('../../tools/jest/test-database.js'),
  globals: { testDatabase: 'worker' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // The integration tests share one test database, and a worker's sweep looks at
  // every unfinished row in it: one test file at a time keeps them from adopting
  // each other's jobs.
  maxWorkers: 1,
};
