// Shared Jest settings for every project. @swc/jest compiles TypeScript (with the
// decorator metadata NestJS relies on) far faster than ts-jest; path aliases come
// from tsconfig.base.json so tests resolve libs exactly as the compiler does.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]),
);

module.exports = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.(t|j)s$': ['@swc/jest', require('./tools/jest/swc-options')],
  },
  moduleNameMapper,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // Integration tests talk to real Postgres and Redis; give them room.
  testTimeout: 30000,
};
