/**
 * Writes the ground truth of the authored corpus documents (run by make.sh):
 * for each source `NAME.md`, `NAME.txt` (visible text, markdownToPlainText) and
 * `NAME.structure.json` (headings, list items, table cells, extractMarkdownStructure);
 * for each `NAME.csv` (plain comma-separated, no quoting), the cells as text (one row
 * a line, tab-separated) and as table cells; for each `NAME.tex`, what latex-truth.ts
 * reads from the LaTeX source (the PDF made from it is scored against that).
 *
 *   node -r @swc-node/register make-truth.ts SOURCE_DIR TRUTH_DIR
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { extractMarkdownStructure, markdownToPlainText, type MarkdownStructure } from '../../metrics/markdown-structure';
import { normalizeItem } from '../../metrics/tokens';
import { latexTruth } from './latex-truth';

function write(truthDir: string, name: string, text: string, structure: MarkdownStructure): void {
  writeFileSync(join(truthDir, `${name}.txt`), text);
  writeFileSync(join(truthDir, `${name}.structure.json`), `${JSON.stringify(structure, null, 2)}\n`);
}

function main(): void {
  const [sourceDir, truthDir] = process.argv.slice(2);
  if (!sourceDir || !truthDir) throw new Error('usage: make-truth.ts SOURCE_DIR TRUTH_DIR');
  for (const file of readdirSync(sourceDir).sort()) {
    const source = readFileSync(join(sourceDir, file), 'utf8');
    if (file.endsWith('.md')) {
      write(truthDir, basename(file, '.md'), markdownToPlainText(source), extractMarkdownStructure(source));
    } else if (file.endsWith('.tex')) {
      const { text, structure } = latexTruth(source);
      write(truthDir, basename(file, '.tex'), text, structure);
    } else if (file.endsWith('.csv')) {
      const rows = source.trimEnd().split(/\r?\n/).map((line) => line.split(','));
      const tableCells = rows.flat().map(normalizeItem).filter((cell) => cell !== '');
      write(truthDir, basename(file, '.csv'), `${rows.map((row) => row.join('\t')).join('\n')}\n`, { headings: [], listItems: [], tableCells });
    }
  }
}

main();
