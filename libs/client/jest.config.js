module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'client',
  rootDir: __dirname,
  // The end-to-end tests run a real API and worker on a database of this project's own.
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'client' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
