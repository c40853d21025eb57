#!/usr/bin/env node
// Prints the slowest test files of a Jest `--json` report (CI prints them after npm test,
// so the suite's time budget shows where it goes):
//   node tools/jest/slowest-suites.js /tmp/jest.json [count]
'use strict';
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '../..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const count = Number(process.argv[3] ?? 20);
const files = report.testResults
  .map((file) => ({
    name: relative(ROOT, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, count);
console.log(`the ${files.length} slowest test files:`);
for (const file of files) console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${String(file.tests).padStart(4)} tests  ${file.name}`);
