import { convertText } from '../../testing/convert-text';
import { convertFixture } from '../../testing/fixtures';

describe('text reader', () => {
  it('splits paragraphs on blank lines and keeps line breaks (notes.txt)', async () => {
    const result = await convertFixture('notes.txt', 'text/plain');
    expect(result.pages).toBe(1);
    expect(result.metadata).toEqual({});
    expect(result.outputs['text']).toBe(
      'Meeting notes\n\nAttendees: Ada, Grace\nLocation: Room 4\n\nDecisions # are not headings, and *stars* stay literal.\n',
    );
    expect(result.outputs['markdown']).toContain('Attendees: Ada, Grace  \nLocation: Room 4');
    expect(result.outputs['markdown']).toContain('Decisions # are not headings, and \\*stars\\* stay literal.');
  });

  it('decodes windows-1252 bytes and CRLF line ends (windows-1252.txt)', async () => {
    const result = await convertFixture('windows-1252.txt', 'text/plain');
    expect(result.outputs['text']).toBe('Café au lait costs €5.\n\nSecond paragraph\nwith two lines.\n');
  });

  it('renders an empty document as empty outputs', async () => {
    const result = await convertText({ bytes: Buffer.alloc(0), contentType: 'text/plain', formats: ['text', 'markdown'], maxPages: 1 });
    expect(result.outputs).toEqual({ text: '', markdown: '' });
  });
});
