// Jest globalSetup of the projects with integration tests: their databases exist and are
// migrated before any test runs, one per Jest worker (the project's name is
// `globals.testDatabase`; see testEnvironment for why each worker has its own).
//
// Jest runs globalSetup outside its module registry, where moduleNameMapper does not
// apply, so the @docformat/* aliases are resolved here as tsconfig.base.json maps them:
// test support is imported by its package name, as everywhere else. The require must
// happen while Jest loads this file: only then does Jest compile the TypeScript it reaches.
const Module = require('node:module');
const path = require('node:path');
const { compilerOptions } = require('../../tsconfig.base.json');

const targets = new Map(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, path.join(__dirname, '../..', target)]));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, targets.get(request) ?? request, ...rest);
};

const { prepareTestDatabase, testLanes } = require('@docformat/testing');

module.exports = (globalConfig, projectConfig) =>
  prepareTestDatabase(projectConfig.globals.testDatabase, testLanes(globalConfig.maxWorkers));
