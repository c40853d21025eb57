import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';
import { readAs } from '../../testing/read-as';
import { MAX_JSON_CHARS } from './json.reader';
import { MAX_INDENT_DEPTH } from './reindent-json';

const convert = (source: string | Buffer, mimeType = 'application/json', fileName?: string) =>
  convertText({ bytes: Buffer.from(source), contentType: mimeType, fileName, formats: ['markdown', 'text'], maxPages: 1 });

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

  it('pretty-prints arrays and objects nested 100,000 deep, indentation capped, output capped', async () => {
    for (const source of ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)]) {
      const { outputs } = await convert(source);
      expect(outputs['markdown'].length).toBeLessThan(MAX_JSON_CHARS + 1000);
      expect(outputs['markdown']).toMatch(/more characters not shown/);
      const longestIndent = Math.max(...outputs['text'].split('\n').map((line) => /^ */.exec(line)![0].length));
      expect(longestIndent).toBe(2 * MAX_INDENT_DEPTH);
    }
  });

  it('counts what it leaves out of a huge document without building it all', async () => {
    // 4 MB of brackets; uncapped indentation would print 2,000,000 lines of up to 4 MB each.
    const source = '['.repeat(2_000_000) + ']'.repeat(2_000_000);
    const text = (await convert(source)).outputs['text'];
    const omitted = Number(/\[… ([\d,]+) more characters not shown\]/.exec(text)![1].replace(/,/g, ''));
    expect(omitted).toBeGreaterThan(500_000_000);
  }, 60_000);

  it.each([
    ['truncated', '{"name": "doc'],
    ['not JSON at all', '<html>nope</html>'],
    ['empty', '   '],
    ['binary garbage', Buffer.from([0x00, 0xff, 0x13, 0x37])],
  ])('fails %s input with CORRUPT_DOCUMENT', async (_name, source) => {
    // Read as JSON whatever it is: identification alone would read the HTML as HTML.
    expect(await failureCode(readAs('json', Buffer.from(source)))).toBe('CORRUPT_DOCUMENT');
  });
});
