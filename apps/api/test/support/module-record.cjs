// Preloaded into a process under test (NODE_OPTIONS=--require): records every module
// its main thread loads, CommonJS and ES modules alike (module.registerHooks runs on
// the thread that registered it; rendering threads load theirs unseen), and writes the
// list to MODULE_RECORD_FILE on SIGUSR2.
const { registerHooks } = require('node:module');
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.MODULE_RECORD_FILE) {
  const loaded = new Set();
  registerHooks({
    load(url, context, nextLoad) {
      loaded.add(url);
      return nextLoad(url, context);
    },
  });
  process.on('SIGUSR2', () => {
    const all = [...loaded, ...Object.keys(require.cache)];
    writeFileSync(process.env.MODULE_RECORD_FILE, JSON.stringify(all));
  });
}
