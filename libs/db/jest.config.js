module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'db',
  rootDir: __dirname,
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'db' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
