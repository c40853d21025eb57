import { pdfDate, pdfMetadata } from './pdf-metadata';

describe('pdfDate', () => {
  it.each([
    ["D:20240131120000+01'00'", '2024-01-31T11:00:00.000Z'],
    ['D:20240131120000Z', '2024-01-31T12:00:00.000Z'],
    ["D:20240131120000-05'30", '2024-01-31T17:30:00.000Z'],
    ['D:2024', '2024-01-01T00:00:00.000Z'],
    ['20240131', '2024-01-31T00:00:00.000Z'],
  ])('%s → %s', (input, expected) => {
    expect(pdfDate(input)).toBe(expected);
  });

  it('drops what it cannot read', () => {
    expect(pdfDate('yesterday')).toBeUndefined();
    expect(pdfDate(undefined)).toBeUndefined();
  });
});

describe('pdfMetadata', () => {
  it('maps the info dictionary and leaves out blank fields', () => {
    expect(
      pdfMetadata({ Title: ' A  title ', Author: '', Keywords: 'a, b', Producer: 'x', ModDate: 'D:20200102030405Z', Custom: 1 }),
    ).toEqual({
      title: 'A title',
      keywords: 'a, b',
      producer: 'x',
      modifiedAt: '2020-01-02T03:04:05.000Z',
    });
  });
});
