module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'db',
  rootDir: __dirname,
  globalSetup: require.resolve('../../tools/jest/test-database.js'),
  globals: { testDatabase: 'db' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
};
