import type { Extraction } from '@docformat/contracts';
import { convertDocument } from '../../convert';
import { documentSchemaErrors } from '../../testing/document-schema-validator';
import { convertFixture, fixture } from '../../testing/fixtures';

// extraction/picture-guide.html: pandoc's page of a markdown guide with a figure, a
// <picture>, an icon in running text, a decorative image, an inline-data chart and a
// logo in the site navigation.
const FIXTURE = 'extraction/picture-guide.html';

describe('HTML reader: pictures', () => {
  let markdown: string;
  let text: string;

  beforeAll(async () => {
    ({ markdown, text } = (await convertFixture(FIXTURE, 'text/html; charset=utf-8')).outputs as { markdown: string; text: string });
  });

  it('writes a figure, a <picture> and an image alone in a paragraph as markdown images, in reading order', () => {
    const figure = '![Gauge station at Millbrook weir, seen from the footbridge](images/millbrook-station.jpg)';
    const picture = '![Close-up of the staff gauge at 142 cm](images/staff-gauge.jpg)';
    expect(markdown).toContain(figure);
    expect(markdown).toContain(picture);
    expect(markdown.indexOf(figure)).toBeLessThan(markdown.indexOf('## The staff gauge'));
    expect(markdown.indexOf('## The staff gauge')).toBeLessThan(markdown.indexOf(picture));
    // The pandoc figcaption repeats the alt text with aria-hidden: said once.
    expect(markdown.match(/Millbrook weir/g)).toHaveLength(1);
  });

  it('keeps the description of an inline-data picture but never its bytes', () => {
    expect(markdown).toMatch(/^Alarm threshold chart for spring floods$/m);
    expect(markdown).not.toContain('data:image');
    expect(markdown).not.toContain('base64');
  });

  it('leaves out decorative pictures, site chrome and icons inside running text', () => {
    expect(markdown).not.toContain('divider.png');
    expect(markdown).not.toContain('Riverwatch logo');
    expect(markdown).not.toContain('wave icon');
    expect(markdown).toContain(
      'Each station reports the water level every fifteen minutes. The icon beside a reading marks a rising river.',
    );
  });

  it('writes the descriptions as plain text', () => {
    expect(text).toContain('\n\nGauge station at Millbrook weir, seen from the footbridge\n\n');
    expect(text).toContain('\n\nClose-up of the staff gauge at 142 cm\n\n');
    expect(text).not.toContain('images/');
  });

  it('lists the pictures in the extraction and as image blocks of the json tree', async () => {
    const result = await convertDocument({
      bytes: fixture(FIXTURE),
      fileName: FIXTURE,
      formats: ['json'],
      maxPages: 10,
      keep: { extraction: true },
    });
    const extraction = JSON.parse(result.extraction ?? 'null') as Extraction;
    expect(extraction.images).toEqual([
      { alt: 'Gauge station at Millbrook weir, seen from the footbridge', src: 'images/millbrook-station.jpg', page: 1 },
      { alt: 'Close-up of the staff gauge at 142 cm', src: 'images/staff-gauge.jpg', page: 1 },
      { alt: 'Alarm threshold chart for spring floods', page: 1 },
    ]);
    const tree = result.outputs['json'].body as { blocks: Array<{ type: string }> };
    expect(tree.blocks.filter((block) => block.type === 'image')).toHaveLength(3);
    expect(documentSchemaErrors(tree)).toEqual([]);
  });
});
