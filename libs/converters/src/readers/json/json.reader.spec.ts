import { convertDocument } from '../../convert';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { MAX_JSON_CHARS } from './json.reader';

const convert = (source: string | Buffer, mimeType = 'application/json', fileName?: string) =>
  convertDocument({ bytes: Buffer.from(source), mimeType, fileName, formats: ['markdown', 'text'], maxPages: 1 });

describe('JSON reader', () => {
  it('shows the data pretty-printed in a json fence, tokens as written (big integers, escapes)', async () => {
    const result = await convertFixture('misc/data.json', 'application/json');
    const markdown = result.outputs['markdown'];
    expect(result.pages).toBe(1);
    expect(markdown.startsWith('```json\n{\n  "name": "docformat",\n  "id": 12345678901234567890,\n')).toBe(true);
    expect(markdown).toContain('"nested": {\n    "empty": {},\n    "list": []\n  }');
    expect(markdown).toContain('"quote": "say \\"hi\\""');
    expect(result.outputs['text']).not.toContain('```');
  });

  it('is picked by the .json extension when served as text/plain', async () => {
    const result = await convert('[1,2]', 'text/plain', 'list.json');
    expect(result.outputs['markdown']).toBe('```json\n[\n  1,\n  2\n]\n```\n');
  });

  it('sends a notebook served as plain JSON to the notebook reader', async () => {
    const result = await convert(fixture('misc/analysis.ipynb'), 'application/json', 'analysis.json');
    expect(result.outputs['markdown']).toMatch(/^# Sales Analysis$/m);
    expect(result.outputs['markdown']).toContain('```python\n');
  });

  it('caps huge data and says how much is left out', async () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i })));
    const markdown = (await convert(big)).outputs['markdown'];
    expect(markdown.length).toBeLessThan(MAX_JSON_CHARS + 1000);
    expect(markdown).toMatch(/more characters not shown/);
  });

  it.each([
    ['truncated', '{"name": "doc'],
    ['not JSON at all', '<html>nope</html>'],
    ['empty', '   '],
    ['binary garbage', Buffer.from([0x00, 0xff, 0x13, 0x37])],
  ])('fails %s input with CORRUPT_DOCUMENT', async (_name, source) => {
    expect(await failureCode(convert(source))).toBe('CORRUPT_DOCUMENT');
  });
});
