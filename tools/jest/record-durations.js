#!/usr/bin/env node
// Writes suite-durations.json (see test-sequencer.js) from a Jest `--json` report:
//   npm test -- --json --outputFile=/tmp/jest.json && node tools/jest/record-durations.js /tmp/jest.json
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '../..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [relative(ROOT, file.name), Math.round((file.endTime - file.startTime) / 100) * 100])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(join(__dirname, 'suite-durations.json'), JSON.stringify(durations, null, 2) + '\n');
console.log(`recorded the durations of ${Object.keys(durations).length} test files`);
