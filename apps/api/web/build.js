// Builds the web page (docs/api.md, "The web page") into dist/api/web, where the API serves
// it from (src/web/web-page.plugin.ts): the page's TypeScript compiled by tsc to plain
// ES modules, its HTML and CSS, and the two libraries it renders markdown with, copied
// as the self-contained browser modules their npm packages ship. No bundler: the
// browser loads the modules as they are.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const out = path.join(__dirname, '../../../dist/api/web');
const assets = path.join(out, 'assets');

fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(__dirname, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
fs.copyFileSync(path.join(__dirname, 'index.html'), path.join(out, 'index.html'));
fs.copyFileSync(path.join(__dirname, 'styles.css'), path.join(assets, 'styles.css'));

// The names src/vendor/*.d.ts give them. Each file keeps its license header; the
// source-map comment goes, since the maps are not copied.
const vendor = {
  'dompurify.js': path.join(path.dirname(require.resolve('dompurify')), 'purify.es.mjs'),
  'markdown-it.js': path.join(path.dirname(require.resolve('markdown-it')), 'browser/markdown-it.esm.min.mjs'),
};
fs.mkdirSync(path.join(assets, 'vendor'), { recursive: true });
for (const [name, source] of Object.entries(vendor)) {
  const code = fs.readFileSync(source, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
  fs.writeFileSync(path.join(assets, 'vendor', name), code);
}
