module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'worker',
  rootDir: __dirname,
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'worker' },
  // Each Jest worker has a test database of its own (testEnvironment), since a worker's
  // sweep looks at every unfinished row: files side by side never adopt each other's jobs.
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
