import { convertText } from '../../testing/convert-text';
import { fixture } from '../../testing/fixtures';
import { withEntry, withoutEntry } from '../../testing/office-fixture-variants';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

const item = (text: string, numId: number, level = 0) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const level = (ilvl: number, format: string, start = 1) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="%${ilvl + 1}."/></w:lvl>`;

/** abstractNum 1: decimal at levels 0 and 1; 2: decimal from 5; 3: the ListNumber style's (as Word links them). */
const numbering = (nums: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}>` +
  `<w:abstractNum w:abstractNumId="1">${level(0, 'decimal')}${level(1, 'decimal')}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="2">${level(0, 'decimal', 5)}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="ListNumber"/></w:lvl></w:abstractNum>${nums}</w:numbering>`;
const num = (numId: number, abstractId: number, override = '') =>
  `<w:num w:numId="${numId}"><w:abstractNumId w:val="${abstractId}"/>${override}</w:num>`;

async function convert(body: string, nums: string, styles?: string): Promise<{ markdown: string; text: string }> {
  // Without core.xml, so no title heading comes first.
  let bytes = withEntry(
    withoutEntry(fixture('office-docs/source.docx'), 'docProps/core.xml'),
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  );
  bytes = withEntry(bytes, 'word/numbering.xml', numbering(nums));
  if (styles !== undefined)
    bytes = withEntry(bytes, 'word/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${styles}</w:styles>`);
  const result = await convertText({ bytes, contentType: DOCX, fileName: 'lists.docx', formats: ['text', 'markdown'], maxPages: 1 });
  return result.outputs as { markdown: string; text: string };
}

describe('DOCX list numbering (as Word shows it, which mammoth does not)', () => {
  it('continues a numbered list after the paragraph that interrupts it', async () => {
    const { markdown, text } = await convert(
      item('One', 1) + item('Two', 1) + para('A note between the steps.') + item('Three', 1) + item('Four', 1),
      num(1, 1),
    );
    expect(markdown).toBe('1. One\n2. Two\n\nA note between the steps.\n\n3. Three\n4. Four\n');
    expect(text).toContain('A note between the steps.\n\n3. Three\n4. Four');
  });

  it('restarts at 1 in a new list instance (w:num with w:startOverride) of the same definition', async () => {
    const restart = '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>';
    const { markdown } = await convert(
      item('One', 1) + item('Two', 1) + para('Next list:') + item('Again', 2),
      num(1, 1) + num(2, 1, restart),
    );
    expect(markdown).toBe('1. One\n2. Two\n\nNext list:\n\n1. Again\n');
  });

  it('continues across list instances of one definition unless an instance restarts it, as Word does', async () => {
    const { markdown } = await convert(item('One', 1) + para('Between') + item('Two', 5), num(1, 1) + num(5, 1));
    expect(markdown).toBe('1. One\n\nBetween\n\n2. Two\n');
  });

  it('starts where the level says (w:start) and restarts nested levels under each new item', async () => {
    const body = item('Five', 3) + item('Six', 3) + item('a', 1) + item('a.1', 1, 1) + item('a.2', 1, 1) + item('b', 1) + item('b.1', 1, 1);
    const { markdown } = await convert(body, num(1, 1) + num(3, 2));
    expect(markdown).toContain('5. Five\n6. Six');
    expect(markdown).toContain('1. a\n   1. a.1\n   2. a.2\n2. b\n   1. b.1');
  });

  it('writes a level a w:num overrides to bullets as a bullet list (LibreOffice nests bullets so)', async () => {
    const bullets = `<w:lvlOverride w:ilvl="1">${level(1, 'bullet')}</w:lvlOverride>`;
    const { markdown } = await convert(
      item('Step', 1) + item('detail one', 4, 1) + item('detail two', 4, 1),
      num(1, 1) + num(4, 1, bullets),
    );
    expect(markdown).toBe('1. Step\n   - detail one\n   - detail two\n');
  });

  it("numbers paragraphs that are in a list through their style (Word's List Number)", async () => {
    const style =
      '<w:style w:type="paragraph" w:styleId="ListNumber"><w:name w:val="List Number"/><w:pPr><w:numPr><w:numId w:val="6"/></w:numPr></w:pPr></w:style>';
    const styled = (text: string) => `<w:p><w:pPr><w:pStyle w:val="ListNumber"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const { markdown } = await convert(styled('One') + para('Between') + styled('Two'), num(6, 3), style);
    expect(markdown).toBe('1. One\n\nBetween\n\n2. Two\n');
  });

  it('leaves no marker behind and leaves paragraphs outside lists alone', async () => {
    const noList = '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t>Plain</w:t></w:r></w:p>';
    const { markdown, text } = await convert(noList + item('One', 1), num(1, 1));
    expect(markdown).toBe('Plain\n\n1. One\n');
    expect(text).not.toContain('_docformat');
  });
});
