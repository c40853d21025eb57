// Longest test files first, so that no long file starts last and runs alone at the end.
// Jest orders by each file's duration in its cache, but a fresh clone has no cache and
// Jest falls back to file size, which says little here (a short file may OCR a scan):
// that cost a fresh clone 20 s of 185. So a file Jest has no duration for takes the
// one recorded in suite-durations.json (write it again with record-durations.js).
'use strict';
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./suite-durations.json');

const ROOT = require('node:path').join(__dirname, '../..');

class LongestFirstSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[relative(ROOT, test.path)];
  }
}

module.exports = LongestFirstSequencer;
