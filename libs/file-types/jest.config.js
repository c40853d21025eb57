module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'file-types',
  rootDir: __dirname,
};
