// `npm test`: the tests of every project in one Jest run. One pool of workers takes the
// test files of all projects, longest first (Jest's last durations, or on a fresh clone
// the recorded ones: tools/jest/test-sequencer.js), so a long integration file of one
// project runs beside the unit tests of another instead of each project waiting for its
// own slowest file. `nx test <project>` still runs one.
module.exports = {
  // deploy/: the Kubernetes manifests, checked offline (no cluster).
  projects: ['<rootDir>/apps/*/jest.config.js', '<rootDir>/libs/*/jest.config.js', '<rootDir>/deploy/jest.config.js'],
  // Settings of the run, not of a project (a project's own are ignored here).
  testTimeout: require('./jest.preset.js').testTimeout,
  testSequencer: '<rootDir>/tools/jest/test-sequencer.js',
  // Three files at once on two cores: integration tests spend part of their time waiting
  // for the processes, threads and services they drive. On the 2-core machine 150 %
  // ran the suite in 223 s, 200 % in 237 s (more threads fighting for the cores).
  // (A number: Jest reads a percentage above 100 % as that many workers.)
  maxWorkers: Math.max(1, Math.round(require('node:os').availableParallelism() * 1.5)),
  // A Jest worker keeps what each test file loaded (every file has its own module
  // registry) and its garbage collector works harder as it grows: one past this after a
  // file is replaced. Measured on the 2-core machine: none 166 s, 700 MB 159 s, 400 MB
  // 150 s, 250 MB 167 s (restarting too often).
  workerIdleMemoryLimit: '400MB',
};
