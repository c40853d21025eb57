// Run by the Dockerfile after `npm ci --omit=dev` in the runtime image: removes what
// production never loads, and prints how much it freed. Each rule says why it is safe;
// the compose smoke test (tools/compose-smoke.sh) runs the image it leaves, OCR included.
// Usage: node tools/prune-runtime-deps.js [app root, default: the current directory]
const { readFileSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = process.argv[2] ?? process.cwd();
const modules = join(root, 'node_modules');
let freed = 0;

function size(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}

function remove(path) {
  freed += size(path);
  rmSync(path, { recursive: true, force: true });
}

// 1. Packages the lockfile marks devOptional: needed by a dev dependency or only as an
// optional peer. npm keeps them under --omit=dev because @prisma/client names `prisma`
// and `typescript` as optional peers, which drags in the Prisma CLI, Studio and their
// dependencies (about 200 MB). No production dependency requires any of them.
const { packages } = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
for (const [path, entry] of Object.entries(packages)) {
  if (path && entry.devOptional) remove(join(root, path));
}

// 2. Source maps and type declarations: nothing reads them at run time (the apps do not
// run with --enable-source-maps).
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.(map|d\.ts|d\.mts|d\.cts)$/.test(entry.name)) remove(path);
  }
}
walk(modules);

// 3. Prisma's query compilers for other databases and the other build: the generated
// client loads the one that prisma/schema.prisma names (provider, compilerBuild).
const schema = readFileSync(join(root, 'prisma/schema.prisma'), 'utf8');
const provider = /datasource\s+\w+\s*{[^}]*provider\s*=\s*"(\w+)"/.exec(schema)?.[1];
const build = /compilerBuild\s*=\s*"(\w+)"/.exec(schema)?.[1] ?? 'fast';
const runtime = join(modules, '@prisma/client/runtime');
if (provider) {
  for (const name of readdirSync(runtime)) {
    if (name.startsWith('query_compiler_') && !name.startsWith(`query_compiler_${build}_bg.${provider}.`)) remove(join(runtime, name));
  }
}

// 4. tesseract.js-core's *.wasm.js: the same engines inlined as base64 for browsers;
// tesseract.js in Node loads the .js glue and its .wasm file.
const core = join(modules, 'tesseract.js-core');
for (const name of readdirSync(core)) if (name.endsWith('.wasm.js')) remove(join(core, name));

// 5. Traineddata flavours OCR never loads: languages are read in LANGUAGE_MODEL and
// orientation detection (osd) in OSD_MODEL (libs/converters/src/ocr/languages.ts).
const languages = readFileSync(join(root, 'libs/converters/src/ocr/languages.ts'), 'utf8');
const model = (name) => new RegExp(`export const ${name} = '([^']+)'`).exec(languages)?.[1];
const [languageModel, osdModel] = [model('LANGUAGE_MODEL'), model('OSD_MODEL')];
if (!languageModel || !osdModel) throw new Error('LANGUAGE_MODEL or OSD_MODEL not found in languages.ts');
const data = join(modules, '@tesseract.js-data');
for (const code of readdirSync(data)) {
  const keep = code === 'osd' ? osdModel : languageModel;
  for (const entry of readdirSync(join(data, code), { withFileTypes: true })) {
    if (entry.isDirectory() && /^\d+\.\d+\.\d+/.test(entry.name) && entry.name !== keep) remove(join(data, code, entry.name));
  }
}

// 6. gpt-tokenizer ships every encoding three times (ES modules, CommonJS, TypeScript
// sources) plus the raw .tiktoken files (about 27 MB). The built apps are CommonJS and
// load only `gpt-tokenizer/encoding/<name>` for the encodings the chunks format imports
// (libs/converters/src/formats/chunks), which needs cjs/ with those encodings' ranks.
const chunksDir = join(root, 'libs/converters/src/formats/chunks');
const encodings = new Set(
  readdirSync(chunksDir).flatMap((name) =>
    [...readFileSync(join(chunksDir, name), 'utf8').matchAll(/gpt-tokenizer\/encoding\/(\w+)/g)].map((match) => match[1]),
  ),
);
if (encodings.size === 0) throw new Error('no gpt-tokenizer encoding imported in libs/converters/src/formats/chunks');
const tokenizer = join(modules, 'gpt-tokenizer');
for (const name of ['esm', 'src', 'data', 'cjs/model']) remove(join(tokenizer, name));
for (const name of readdirSync(join(tokenizer, 'cjs/bpeRanks'))) {
  if (!encodings.has(name.replace(/\..*$/, ''))) remove(join(tokenizer, 'cjs/bpeRanks', name));
}

console.log(`prune-runtime-deps: ${Math.round(freed / 1e6)} MB removed, node_modules is ${Math.round(size(modules) / 1e6)} MB`);
