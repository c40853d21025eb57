import { uploadFileName } from './upload-file-name';

describe('uploadFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\me\\report.docx', 'report.docx'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced name.txt  ', 'spaced name.txt'],
    ['bell\u0007.txt', 'bell.txt'],
    ['', 'upload'],
    [undefined, 'upload'],
    ['/', 'upload'],
  ])('%p → %p', (raw, expected) => {
    expect(uploadFileName(raw)).toBe(expected);
  });

  it('keeps at most 255 characters', () => {
    expect(uploadFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(255);
  });
});
