module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli',
  rootDir: __dirname,
  // The end-to-end tests run the built CLI (`nx run cli:test` builds it first) against a
  // real API and worker on a database of this project's own.
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'cli' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
