// The Kubernetes manifests, checked offline against the apps' config schema and queue keys.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'deploy',
  rootDir: __dirname,
};
