import { zipSync } from 'fflate';
import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { ARCHIVE_LIMITS } from './archive-limits';

const MB = 1024 * 1024;
const text = (value: string) => new TextEncoder().encode(value);
const zip = (entries: Record<string, Uint8Array>) => Buffer.from(zipSync(entries, { level: 6 }));
const convert = (bytes: Buffer, maxPages = 10, options = {}) =>
  convertText({ bytes, contentType: 'application/zip', fileName: 'upload.zip', formats: ['markdown', 'text'], maxPages, options });

describe('ZIP reader: archive.zip (html, txt, nested zip, binary, odd names)', () => {
  let markdown: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    result = await convertFixture('misc/archive.zip', 'application/zip');
    markdown = result.outputs['markdown'];
  });

  it('converts each entry under a ## heading with its path, in archive order, headings below it', () => {
    expect(
      markdown.startsWith(
        '## docs/page.html\n\n### Archived page\n\nHTML inside the archive with a [relative link](../readme.txt).\n\n## readme.txt\n\nPlain text entry.\n\nSecond paragraph.\n',
      ),
    ).toBe(true);
  });

  it('opens the nested archive and labels its entries with both paths', () => {
    expect(markdown).toContain('## nested.zip/inner/notes.txt\n\nText inside the nested archive.');
  });

  it('treats a traversal name as a label only and drops folders and __MACOSX litter', () => {
    expect(markdown).toContain('## ../../etc/passwd.txt\n\nTraversal name, only a label.');
    expect(markdown).not.toMatch(/__MACOSX|^## docs\/$/m);
  });

  it('lists unsupported entries as skipped', () => {
    expect(markdown.endsWith('## Skipped entries\n\n- bin/blob.bin: unsupported type application/octet-stream\n')).toBe(true);
    expect(result.pages).toBe(1);
  });
});

describe('ZIP reader: entries', () => {
  it('types entries by magic bytes, then extension: a PNG without an extension is still an image', async () => {
    const png = fixture('misc/photo.png');
    // OCR off: the image's description shows which reader took the entry.
    const result = await convert(zip({ 'data.json': text('{"a":1}'), picture: new Uint8Array(png) }), 10, { ocr: 'off' });
    expect(result.outputs['markdown']).toBe(
      '## data.json\n\n```json\n{\n  "a": 1\n}\n```\n\n## picture\n\nImage: 640×480 PNG  \nTitle: Blue square  \nAuthor: Ada Example\n',
    );
  });

  it('reports a damaged entry in the skipped list and converts the rest', async () => {
    const result = await convert(zip({ 'bad.json': text('{"broken'), 'good.txt': text('Fine.') }));
    expect(result.outputs['markdown']).toBe(
      '## good.txt\n\nFine.\n\n## Skipped entries\n\n- bad.json: The JSON document is not valid JSON.\n',
    );
  });

  it('lists password-protected entries as skipped and reads the others', async () => {
    const result = await convertFixture('misc/encrypted.zip', 'application/zip');
    expect(result.outputs['markdown']).toBe(
      '## open.txt\n\nOpen notes, readable without a password.\n\n## Skipped entries\n\n- secret.txt: encrypted (needs a password)\n',
    );
  });

  it('says so when the archive is empty', async () => {
    const result = await convert(zip({}));
    expect(result.outputs['text']).toBe('The archive is empty.\n');
  });

  it('opens archives nested up to the limit and fails deeper ones', async () => {
    let archive = zip({ 'deep.txt': text('Deepest text.') });
    for (let level = 1; level <= ARCHIVE_LIMITS.maxNesting; level++) archive = zip({ [`level${level}.zip`]: new Uint8Array(archive) });
    expect((await convert(archive)).outputs['text']).toContain('level2.zip/level1.zip/deep.txt\n\nDeepest text.');
    expect(await failureCode(convert(zip({ 'level3.zip': new Uint8Array(archive) })))).toBe('CORRUPT_DOCUMENT');
  });
});

describe('ZIP reader: archive bombs and malformed archives', () => {
  it('refuses an entry compressed more than 100:1 (a zip bomb) with FILE_TOO_LARGE, before inflating it', async () => {
    const bomb = zip({ 'zeros.txt': new Uint8Array(20 * MB) });
    expect(bomb.length).toBeLessThan(MB / 10);
    await expect(convert(bomb)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('100:1') });
  });

  it('refuses an archive whose entries together expand past the budget', async () => {
    // Each entry is exactly the ratio-exempt size, so only the total can stop them.
    const entries = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`part${i}.txt`, new Uint8Array(ARCHIVE_LIMITS.ratioExemptBytes)]),
    );
    await expect(convert(zip(entries))).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringMatching(/^The archive expands to more than \d+ MB\.$/),
    });
  });

  it('counts nested archives against the same budget', async () => {
    const inner = zip(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}.txt`, new Uint8Array(ARCHIVE_LIMITS.ratioExemptBytes)])),
    );
    const outer = zip({ 'a.zip': new Uint8Array(inner), 'b.zip': new Uint8Array(inner) });
    expect(await failureCode(convert(outer))).toBe('FILE_TOO_LARGE');
  });

  it('refuses more entries than the limit', async () => {
    const entries = Object.fromEntries(Array.from({ length: ARCHIVE_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.txt`, text('x')]));
    await expect(convert(zip(entries))).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The archive has more than 1000 entries.',
    });
  });

  it.each([
    ['truncated', () => fixture('misc/archive.zip').subarray(0, 300)],
    ['wrong magic', () => Buffer.from('PK but not really a zip')],
    ['garbage after a valid signature', () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 0xab)])],
  ])('fails a %s archive with CORRUPT_DOCUMENT', async (_name, bytes) => {
    expect(await failureCode(convert(bytes()))).toBe('CORRUPT_DOCUMENT');
  });
});

describe('ZIP reader: OCR options reach the entries', () => {
  it('reads an image entry by OCR, and not with OCR off', async () => {
    const scan = new Uint8Array(fixture('ocr/report.png'));
    const read = await convert(zip({ 'scan.png': scan }), 10, { ocr: 'auto' });
    expect(read.outputs['text']).toContain('Quarterly Report');
    const off = await convert(zip({ 'scan.png': scan }), 10, { ocr: 'off' });
    expect(off.outputs['text']).not.toContain('Quarterly');
    expect(off.outputs['text']).toContain('Image:');
  }, 60_000);
});
