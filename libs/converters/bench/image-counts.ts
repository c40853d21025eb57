/**
 * npm run bench:images: how many pictures the converters keep from each PDF, DOCX and
 * PPTX file in the repository's fixtures and benchmark corpus (format.images
 * referenced, the default limits), next to how many the file holds (image XObjects
 * painted, media parts), as a markdown table for docs/conversions.md, and how many the
 * converters would keep with no least side (IMAGE_MIN_SIDE_PX=1).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type ConvertResult, convertDocument } from '../src/convert';
import { DEFAULT_IMAGE_LIMITS } from '../src/images/image-limits';
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
  const rows: string[] = [
    '| file | image blocks | kept | PNG | JPEG | other | bytes kept | kept at IMAGE_MIN_SIDE_PX=1 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const totals = { blocks: 0, kept: 0, anySize: 0 };
  const read: Record<string, number> = {};
  for (const path of [...files(join(ROOT, 'fixtures')), ...files(join(ROOT, 'bench/corpus/docs'))].sort()) {
    const type = TYPES[path.split('.').pop() ?? ''];
    const convert = (minSide: number): Promise<ConvertResult> =>
      convertDocument({
        bytes: readFileSync(path),
        contentType: type,
        fileName: path,
        formats: ['markdown'],
        maxPages: 5000,
        options: { images: 'referenced' },
        keep: { tree: true },
        imageLimits: { ...DEFAULT_IMAGE_LIMITS, minSide },
      });
    let result: ConvertResult;
    let anySize: number;
    try {
      result = await convert(DEFAULT_IMAGE_LIMITS.minSide);
      anySize = (await convert(1)).images?.length ?? 0;
    } catch {
      continue; // the encrypted and damaged fixtures
    }
    const extension = path.split('.').pop() ?? '';
    read[extension] = (read[extension] ?? 0) + 1;
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
    totals.anySize += anySize;
    rows.push(
      `| ${relative(ROOT, path)} | ${blocks} | ${kept.length} | ${png} | ${jpeg} | ${kept.length - png - jpeg} | ${bytes} | ${anySize} |`,
    );
  }
  rows.push(`| **total** | ${totals.blocks} | ${totals.kept} | | | | | ${totals.anySize} |`);
  rows.push(
    '',
    `Files read: ${Object.entries(read)
      .map(([extension, count]) => `${count} ${extension.toUpperCase()}`)
      .join(', ')}; the others hold no picture.`,
  );
  process.stdout.write(`${rows.join('\n')}\n`);
}

void main();
