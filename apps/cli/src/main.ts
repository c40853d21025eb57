import { processIo } from './io';
import { runCli } from './program';

/** `docformat …` (bin/docformat.js runs the built file). */
void runCli(process.argv.slice(2), process.env, processIo()).then((code) => {
  // Set, not exit(): stdout may still be draining into a pipe.
  process.exitCode = code;
});
