/**
 * pdf.js's legacy build bundles core-js, which replaces two built-ins of the whole
 * thread with JavaScript versions when it finds them lacking: `Array.prototype.push`
 * (Node 20's V8 does not throw when pushing nothing onto an array whose length is
 * read-only) and `JSON.parse` (for the source-text-access proposal). Neither edge case
 * matters to pdf.js or to us, but the replacements do: the JavaScript `push` took 10–18%
 * of a PDF conversion's CPU (every array pdf.js's lexer and our layout analysis build
 * goes through it) and made more garbage. So the built-ins are captured when this
 * module loads, before pdf.js, and put back once pdf.js has loaded. Everything core-js
 * only adds (Set methods, iterator helpers, Uint8Array base64) stays.
 */
const captured = { push: Array.prototype.push, parse: JSON.parse };

function isNative(fn: unknown): boolean {
  return typeof fn === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
}

export function restoreNativeBuiltins(): void {
  if (Array.prototype.push !== captured.push && isNative(captured.push)) {
    Object.defineProperty(Array.prototype, 'push', { value: captured.push, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== captured.parse && isNative(captured.parse)) {
    Object.defineProperty(JSON, 'parse', { value: captured.parse, writable: true, configurable: true, enumerable: false });
  }
}
