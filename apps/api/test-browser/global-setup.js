// Before the browser suite: Chromium is installed (Debian's package: nothing downloads a
// browser of its own), the page is built from the current sources into dist/api/web,
// where the API started from its sources serves it, and the suite's database is migrated.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');
const prepareTestDatabase = require('../../../tools/jest/test-database.js');

const CHROMIUM = '/usr/bin/chromium'; // as in chromium.ts

module.exports = async (globalConfig, projectConfig) => {
  if (!existsSync(CHROMIUM)) {
    process.stdout.write('browser tests: installing chromium (apt-get)\n');
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
    });
  }
  execFileSync(process.execPath, [path.join(__dirname, '../web/build.js')], { stdio: 'inherit' });
  await prepareTestDatabase(globalConfig, projectConfig);
};
