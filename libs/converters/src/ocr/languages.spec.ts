import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedOcrLanguages, ocrDataRoot, traineddataFile } from './languages';

describe('installedOcrLanguages', () => {
  it('lists the installed tesseract.js data packages, without the OSD data', () => {
    const languages = installedOcrLanguages();
    expect(languages).toEqual(expect.arrayContaining(['ara', 'chi_sim', 'deu', 'eng', 'fra', 'ita', 'jpn', 'por', 'spa']));
    expect(languages).not.toContain('osd');
    expect([...languages].sort()).toEqual(languages);
  });

  it('finds the data folder through node_modules and refuses codes that are not plain names', () => {
    expect(ocrDataRoot()).toMatch(/node_modules[\\/]@tesseract\.js-data$/);
    expect(existsSync(traineddataFile('eng') ?? '')).toBe(true);
    expect(traineddataFile('xyz')).toBeNull();
    expect(traineddataFile('../eng')).toBeNull();
  });

  it('does not import tesseract.js (the API process calls it)', () => {
    const source = readFileSync(join(__dirname, 'languages.ts'), 'utf8');
    expect(source).not.toMatch(/(from|require\()\s*'tesseract\.js'/);
  });
});
