import { scanParagraphs } from './list-paragraphs';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

describe('scanParagraphs (list properties of document.xml without a DOM)', () => {
  it('reads numId, ilvl and pStyle of each paragraph, in document order, and where a marker goes', () => {
    const xml =
      `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>` +
      '<w:p><w:pPr><w:pStyle w:val="ListNumber"/><w:numPr><w:ilvl w:val="1"/><w:numId w:val="7"/></w:numPr></w:pPr><w:r><w:t>a</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>b</w:t></w:r></w:p><w:p/></w:body></w:document>';
    const paragraphs = scanParagraphs(xml)!;
    expect(paragraphs.map((p) => p.properties)).toEqual([{ pStyle: 'ListNumber', ilvl: '1', numId: '7' }, {}]);
    expect(xml.slice(paragraphs[0].insertAt).startsWith('<w:r><w:t>a')).toBe(true);
    expect(xml.slice(paragraphs[1].insertAt).startsWith('<w:r><w:t>b')).toBe(true);
  });

  it('follows the prefix the root binds, and ignores list-like elements of runs, tables and comments', () => {
    const xml =
      `<x:document xmlns:x='${W}' xmlns:w="urn:other"><!-- <x:p> --><x:body>` +
      '<x:p><x:pPr><x:rPr><x:numId x:val="9"/></x:rPr></x:pPr><w:numPr><x:numId x:val="8"/></w:numPr>' +
      '<x:r><x:t a="1 > 0">text</x:t></x:r></x:p></x:body></x:document>';
    expect(scanParagraphs(xml)!.map((p) => p.properties)).toEqual([{}]);
  });

  it('gives a paragraph inside a text box its own properties, after the outer one', () => {
    const inner = '<w:txbxContent><w:p><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:p></w:txbxContent>';
    const xml = `<w:document xmlns:w="${W}"><w:body><w:p><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr><w:r>${inner}</w:r></w:p></w:body></w:document>`;
    expect(scanParagraphs(xml)!.map((p) => p.properties.numId)).toEqual(['1', '2']);
  });

  it('gives up on a part that is not WordprocessingML or not well nested', () => {
    expect(scanParagraphs('<document xmlns="urn:x"><p/></document>')).toBeUndefined();
    expect(scanParagraphs(`<w:document xmlns:w="${W}"><w:body><w:p></w:body></w:document>`)).toBeUndefined();
  });
});
