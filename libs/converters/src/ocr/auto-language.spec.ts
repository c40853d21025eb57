import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertDocument } from '../convert';
import { fixture } from '../testing/fixtures';
import { isAutoLanguages, pickPageLanguage } from './auto-language';
import { terminateOcr } from './ocr-engine';

/** Words of a paragraph of the Debian test set (bench/languages/SOURCES.md), as OCR gives them. */
function words(code: string): string[] {
  const [first] = readFileSync(join(__dirname, '../../bench/languages', `${code}.jsonl`), 'utf8').split('\n');
  return (JSON.parse(first) as { text: string }).text.split(' ');
}

describe('pickPageLanguage', () => {
  it('picks the installed language the words are in, and none for English or a language without data', async () => {
    expect(await pickPageLanguage(words('pt'), undefined, 'eng')).toBe('por');
    expect(await pickPageLanguage(words('it'), 'Latin', 'eng')).toBe('ita');
    expect(await pickPageLanguage(words('de'), undefined, 'eng')).toBe('deu');
    expect(await pickPageLanguage(words('en'), undefined, 'eng')).toBeNull();
    expect(await pickPageLanguage(words('nl'), undefined, 'eng')).toBeNull(); // no Dutch data installed
  });

  it("takes the script's installed language when orientation detection names a script other than Latin", async () => {
    const garbage = ['iM', 'Bl', 'ﬁ%', 'Hl'];
    expect(await pickPageLanguage(garbage, 'Han', 'eng')).toBe('chi_sim');
    expect(await pickPageLanguage(garbage, 'Japanese', 'eng')).toBe('jpn');
    expect(await pickPageLanguage(garbage, 'Arabic', 'eng')).toBe('ara');
    expect(await pickPageLanguage(garbage, 'Hangul', 'eng')).toBeNull(); // no Korean data installed
  });

  it('knows ["auto"] only alone', () => {
    expect(isAutoLanguages(['auto'])).toBe(true);
    expect(isAutoLanguages(['eng'])).toBe(false);
    expect(isAutoLanguages(['auto', 'eng'])).toBe(false);
  });
});

describe('OCR with languages ["auto"]', () => {
  afterAll(() => terminateOcr());

  it('reads a Chinese scan with the Chinese data, found by its script', async () => {
    const result = await convertDocument({
      bytes: fixture('languages/scan-zh.png'),
      fileName: 'scan-zh.png',
      formats: ['text'],
      maxPages: 1,
      options: { languages: ['auto'] },
    });
    const text = String(result.outputs.text.body).replace(/\s+/g, '');
    expect(text).toContain('可以设定多个选项值');
    expect(text).toContain('与此相对，扩展后的行');
    expect(result.detectedLanguages[0]?.code).toBe('zh');
  }, 120_000);
});
