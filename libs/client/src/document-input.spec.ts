import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveInput } from './document-input';

describe('resolveInput', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'client-input-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes http(s) strings and URL objects as document URLs', async () => {
    expect(await resolveInput('https://example.com/a.pdf')).toEqual({ kind: 'url', url: 'https://example.com/a.pdf' });
    expect(await resolveInput('HTTP://example.com/b')).toEqual({ kind: 'url', url: 'HTTP://example.com/b' });
    expect(await resolveInput(new URL('https://example.com/c d.pdf'))).toEqual({ kind: 'url', url: 'https://example.com/c%20d.pdf' });
  });

  it('uploads any other string as a file path, named by its base name', async () => {
    const path = join(dir, 'report.md');
    writeFileSync(path, '# Report\n');
    const input = await resolveInput(path);
    expect(input).toMatchObject({ kind: 'upload', fileName: 'report.md' });
    expect(input.kind === 'upload' && (await input.blob.text())).toBe('# Report\n');
  });

  it('fails for a path that does not exist', async () => {
    await expect(resolveInput(join(dir, 'missing.pdf'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('uploads bytes and Blobs under the given name, a File under its own', async () => {
    expect(await resolveInput(Buffer.from('abc'), 'a.txt')).toMatchObject({ kind: 'upload', fileName: 'a.txt' });
    expect(await resolveInput(new Uint8Array([1, 2]))).toMatchObject({ kind: 'upload', fileName: 'document' });
    expect(await resolveInput(new File(['x'], 'own.txt'))).toMatchObject({ kind: 'upload', fileName: 'own.txt' });
    expect(await resolveInput(new File(['x'], 'own.txt'), 'given.txt')).toMatchObject({ fileName: 'given.txt' });
  });
});
