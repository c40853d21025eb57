/**
 * The script tesseract.js starts in each worker thread: its own node worker script,
 * preceded by a guard that makes every network call in that thread fail. tesseract.js
 * falls back to downloading traineddata from a CDN when a path is wrong; with this
 * guard a misconfiguration fails loudly instead of quietly fetching. The core (wasm)
 * needs no guard: in Node tesseract.js always `require`s it from tesseract.js-core.
 */
export const NETWORK_REFUSED = 'OCR tried to use the network; all OCR data must be local';

export function localWorkerScript(): URL {
  const script = require.resolve('tesseract.js/src/worker-script/node/index.js');
  const code = [
    "import { createRequire } from 'node:module';",
    `const refuse = (what) => { throw new Error(${JSON.stringify(NETWORK_REFUSED)} + ' (' + what + ')'); };`,
    'globalThis.fetch = async (url) => refuse(String(url));',
    `const load = createRequire(${JSON.stringify(script)});`,
    "for (const name of ['node:http', 'node:https']) {",
    '  const module = load(name);',
    '  module.request = (url) => refuse(String(url?.href ?? url?.host ?? url));',
    '  module.get = module.request;',
    '}',
    `load(${JSON.stringify(script)});`,
  ].join('\n');
  // A data: URL module, because tesseract.js passes `workerPath` straight to `new Worker()`.
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
