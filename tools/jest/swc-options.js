// How the tests compile TypeScript with swc: Jest's transform (jest.preset.js) and the
// hook that the processes and threads the tests start run under (typescript-hook.js),
// so both see the same code. Decorator metadata is what NestJS's injection reads.
module.exports = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
