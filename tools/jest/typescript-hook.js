// `node -r tools/jest/typescript-hook.js`: how the API and worker processes, conversion
// threads and scripts that tests start run the TypeScript sources. Each `.ts` file is
// compiled by swc with the options of Jest's own transform (swc-options.js) and kept
// on disk by a hash of its text, and `@docformat/*` resolves as tsconfig.base.json maps
// it.
//
// Why not @swc-node/register, which does the same for `npm run` scripts: it loads the
// TypeScript compiler in every process and thread to read tsconfig.json, ~0.4 s of CPU
// before the first line of ours, and a test run starts some two hundred of them. Here
// swc itself is loaded only when a file is not in the cache yet.
'use strict';
const Module = require('node:module');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir, userInfo } = require('node:os');
const { join } = require('node:path');
const swcOptions = require('./swc-options');

const ROOT = join(__dirname, '../..');
const { compilerOptions } = require('../../tsconfig.base.json');
const aliases = new Map(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, join(ROOT, target)]));
const CACHE_DIR = join(tmpdir(), `docformat-ts-${userInfo().uid}`);
// A new swc or new options make every cached file stale.
const CACHE_SALT = `${require('@swc/core/package.json').version}\0${JSON.stringify(swcOptions)}`;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

let swc;
Module._extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = readFileSync(filename, 'utf8');
  const key = createHash('sha256').update(CACHE_SALT).update(filename).update('\0').update(source).digest('hex');
  const cached = join(CACHE_DIR, `${key}.js`);
  let code;
  try {
    code = readFileSync(cached, 'utf8');
  } catch {
    swc ??= require('@swc/core');
    code = swc.transformSync(source, { ...swcOptions, filename }).code;
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: processes compiling the same file at once never read half of it.
    const partial = `${cached}.${process.pid}.${require('node:worker_threads').threadId}`;
    writeFileSync(partial, code);
    renameSync(partial, cached);
  }
  module._compile(code, filename);
};
