import { errorCodeLabel, formatsLabel, inputLabel } from './labels';

describe('label values', () => {
  it("uses the identified type's extension as the input type, and folds anything else into other", () => {
    expect(inputLabel('pdf')).toBe('pdf');
    expect(inputLabel('docx')).toBe('docx');
    expect(inputLabel(undefined)).toBe('other');
    expect(inputLabel(null)).toBe('other');
    expect(inputLabel('')).toBe('other');
    expect(inputLabel('application/x-unheard-of')).toBe('other');
    expect(inputLabel('averyveryverylongextension')).toBe('other');
  });

  it('keeps documented error codes and folds unknown ones into OTHER', () => {
    expect(errorCodeLabel('DOWNLOAD_FAILED')).toBe('DOWNLOAD_FAILED');
    expect(errorCodeLabel('CONVERSION_TIMEOUT')).toBe('CONVERSION_TIMEOUT');
    expect(errorCodeLabel('SOMETHING_FROM_AN_OLD_VERSION')).toBe('OTHER');
  });

  it('names the requested formats in one order, without duplicates', () => {
    expect(formatsLabel(['text'])).toBe('text');
    expect(formatsLabel(['text', 'markdown', 'text'])).toBe('markdown,text');
    expect(formatsLabel(['markdown', 'text'])).toBe(formatsLabel(['text', 'markdown']));
    expect(formatsLabel([])).toBe('other');
  });
});
