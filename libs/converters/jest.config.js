const preset = require('../../jest.preset.js');

// pdf.js ships only as ES modules. Production loads it with a native import(); under
// Jest (CommonJS sandbox, no --experimental-vm-modules) swc must compile its .mjs
// files to CommonJS instead, so they are transformed rather than ignored (pdf-parse's
// ES module build too, see pdf-document.ts, and franc with its dependencies, see
// language-detector.ts).
const [, swcOptions] = preset.transform['^.+\\.(t|j)s$'];

module.exports = {
  ...preset,
  displayName: 'converters',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  transform: {
    ...preset.transform,
    '^.+\\.mjs$': ['@swc/jest', swcOptions],
  },
  transformIgnorePatterns: ['/node_modules/(?!(pdfjs-dist|pdf-parse|franc|trigram-utils|n-gram|collapse-white-space)/)'],
};
