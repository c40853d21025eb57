/**
 * npm run bench:images: how many pictures the converters keep from each PDF, DOCX and
 * PPTX file in the repository's fixtures and benchmark corpus (format.images
 * referenced, the default limits), next to how many the file holds (image XObjects
 * painted, media parts), as a markdown table for docs/conversions.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { convertDocument } from '../src/convert';
import { forEachImage } from '../src/images/keep-images';
import { parseStoredDocument } from '../src/stored/stored-document';

const ROOT = join(__dirname, '..');
const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return TYPES[name.split('.').pop() ?? ''] ? [path] : [];
  });
}

async function main(): Promise<void> {
  const rows: string[] = ['| file | image blocks | kept | PNG | JPEG | other | bytes kept |', '|---|---:|---:|---:|---:|---:|---:|'];
  const totals = { blocks: 0, kept: 0 };
  for (const path of [...files(join(ROOT, 'fixtures')), ...files(join(ROOT, 'bench/corpus/docs'))].sort()) {
    const type = TYPES[path.split('.').pop() ?? ''];
    let result;
    try {
      result = await convertDocument({
        bytes: readFileSync(path),
        contentType: type,
        fileName: path,
        formats: ['markdown'],
        maxPages: 5000,
        options: { images: 'referenced' },
        keep: { tree: true },
      });
    } catch {
      continue; // the encrypted and damaged fixtures
    }
    let blocks = 0;
    forEachImage(parseStoredDocument(result.tree ?? '{"pages":0,"blocks":[]}').blocks, () => blocks++);
    const kept = result.images ?? [];
    if (blocks === 0 && kept.length === 0) continue;
    const by = (type: string) => kept.filter((image) => image.mediaType === type).length;
    const png = by('image/png');
    const jpeg = by('image/jpeg');
    const bytes = kept.reduce((sum, image) => sum + image.bytes.byteLength, 0);
    totals.blocks += blocks;
    totals.kept += kept.length;
    rows.push(`| ${relative(ROOT, path)} | ${blocks} | ${kept.length} | ${png} | ${jpeg} | ${kept.length - png - jpeg} | ${bytes} |`);
  }
  rows.push(`| **total** | ${totals.blocks} | ${totals.kept} | | | | |`);
  process.stdout.write(`${rows.join('\n')}\n`);
}

void main();
