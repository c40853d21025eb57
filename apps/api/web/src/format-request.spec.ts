import { buildSubmission, formatObject, type FormValues } from './format-request.ts';

const DEFAULTS: FormValues = {
  url: '',
  file: null,
  formats: ['markdown'],
  ocr: 'auto',
  languages: 'eng',
  pages: '',
  pageMarkers: false,
  images: 'placeholder',
};

describe('formatObject', () => {
  it("leaves out what the API's defaults already say", () => {
    expect(formatObject(DEFAULTS)).toEqual({ type: ['markdown'] });
    expect(formatObject({ ...DEFAULTS, languages: '  ' })).toEqual({ type: ['markdown'] });
  });

  it('carries each option the user changed', () => {
    expect(
      formatObject({
        ...DEFAULTS,
        formats: ['text', 'chunks'],
        ocr: 'force',
        languages: 'eng, deu+fra  spa',
        pages: ' 1-3, 7 ',
        pageMarkers: true,
      }),
    ).toEqual({ type: ['text', 'chunks'], ocr: 'force', languages: ['eng', 'deu', 'fra', 'spa'], pages: '1-3,7', pageMarkers: true });
    expect(formatObject({ ...DEFAULTS, languages: 'deu' }).languages).toEqual(['deu']);
    expect(formatObject({ ...DEFAULTS, images: 'referenced' })).toEqual({ type: ['markdown'], images: 'referenced' });
  });
});

describe('buildSubmission', () => {
  it('sends a URL as the JSON body of POST /format', () => {
    const built = buildSubmission({ ...DEFAULTS, url: ' https://example.com/a.pdf ', formats: ['markdown', 'text'] });
    expect(built).toEqual({
      ok: true,
      submission: { kind: 'url', body: JSON.stringify({ file: 'https://example.com/a.pdf', format: { type: ['markdown', 'text'] } }) },
    });
  });

  it('sends a file as a multipart form: the format part as JSON text, then the file part with its name', async () => {
    const file = new File(['# Title\n'], 'notes.md', { type: 'text/markdown' });
    const built = buildSubmission({ ...DEFAULTS, url: 'https://ignored.example/', file, pages: '2-' });
    if (!built.ok || built.submission.kind !== 'file') throw new Error('expected a file submission');
    const form = built.submission.body;
    expect([...form.keys()]).toEqual(['format', 'file']);
    expect(JSON.parse(form.get('format') as string)).toEqual({ type: ['markdown'], pages: '2-' });
    const sent = form.get('file') as File;
    expect(sent.name).toBe('notes.md');
    expect(await sent.text()).toBe('# Title\n');
  });

  it('refuses what it cannot send, saying what to do', () => {
    expect(buildSubmission({ ...DEFAULTS, url: 'https://example.com/', formats: [] })).toEqual({
      ok: false,
      error: 'Pick at least one output format.',
    });
    expect(buildSubmission(DEFAULTS)).toMatchObject({ ok: false, error: expect.stringContaining('Paste a document URL') });
    for (const url of ['example.com/a.pdf', 'ftp://example.com/a.pdf', 'javascript:alert(1)']) {
      expect(buildSubmission({ ...DEFAULTS, url })).toMatchObject({ ok: false, error: expect.stringContaining('http://') });
    }
  });
});
