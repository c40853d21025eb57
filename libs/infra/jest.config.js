module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'infra',
  rootDir: __dirname,
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'infra' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
