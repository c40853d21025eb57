// The browser suite (docs/development.md, "Browser suite"): the page served by a real API, driven in
// Debian's Chromium through playwright-core, converting through a real worker. Separate
// from `npm test` (it builds the page and starts a browser); its files end in
// .browser.ts so the api project's own config never picks them up.
module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'api-browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.browser.ts'],
  globalSetup: require.resolve('./global-setup.js'),
  globals: { testDatabase: 'browser' },
  setupFiles: ['<rootDir>/setup-env.ts'],
  maxWorkers: 1,
};
