module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  globalSetup: '<rootDir>/test/global-setup.js',
  globals: { testDatabase: 'api' },
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // @fastify/static (Swagger UI's files) requires content-disposition 3, an ES module
  // Jest's registry cannot load; see the stand-in for why it is enough.
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '^content-disposition$': '<rootDir>/test/support/content-disposition.cjs',
  },
};
