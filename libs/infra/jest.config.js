module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'infra',
  rootDir: __dirname,
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
