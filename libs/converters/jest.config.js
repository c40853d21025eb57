module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'converters',
  rootDir: __dirname,
};
