module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'infra',
  rootDir: __dirname,
  globalSetup: require.resolve('../../tools/jest/test-database.js'),
  globals: { testDatabase: 'infra' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
