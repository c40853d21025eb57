#!/usr/bin/env node
// `npx docformat` in this repository (package.json "bin"): runs the built CLI, and says
// how to build it when it is not there yet.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const main = join(__dirname, '../../../dist/cli/apps/cli/src/main.js');
if (!existsSync(main)) {
  process.stderr.write('docformat: the CLI is not built yet; run `npx nx run cli:build` (or `npm run build`) first.\n');
  process.exit(2);
}
require(main);
