import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/**
 * Every input type through the whole worker path (fetch, type detection, conversion
 * thread, Postgres), served the way real origins serve them. The converters' own
 * specs check structure in depth; this proves each type is wired end to end.
 */
const inputs = [
  {
    name: 'DOCX',
    file: 'office-docs/source.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    pages: 1,
    markdown: '# Introduction',
    text: 'bold findings',
  },
  {
    name: 'ODT',
    file: 'office-docs/source.odt',
    contentType: 'application/vnd.oasis.opendocument.text',
    pages: 1,
    markdown: '# Introduction',
    text: 'bold findings',
  },
  {
    name: 'EPUB',
    file: 'office-docs/source.epub',
    contentType: 'application/epub+zip',
    pages: 1,
    markdown: '# Introduction',
    text: 'bold findings',
  },
  {
    name: 'RTF',
    file: 'office-docs/source.rtf',
    contentType: 'application/rtf',
    pages: 1,
    markdown: '# Introduction',
    text: 'bold findings',
  },
  {
    name: 'PPTX',
    file: 'office-data/deck.pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    pages: 4,
    markdown: '## Agenda',
    text: 'Revenue grew 12%',
  },
  {
    name: 'XLSX',
    file: 'office-data/workbook.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    pages: 2,
    markdown: '| Region | Closed | Revenue | Share |',
    text: '12.5%',
  },
  {
    name: 'XLS',
    file: 'office-data/workbook.xls',
    contentType: 'application/vnd.ms-excel',
    pages: 2,
    markdown: '| Region | Closed | Revenue | Share |',
    text: '1,234.50',
  },
  {
    name: 'ODS',
    file: 'office-data/workbook.ods',
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    pages: 2,
    markdown: '## Sales',
    text: 'North',
  },
  { name: 'CSV (semicolons)', file: 'office-data/semicolon.csv', contentType: 'text/csv', pages: 1, markdown: '| --- |', text: 'Lisbon' },
  { name: 'JSON', file: 'misc/data.json', contentType: 'application/json', pages: 1, markdown: '```json', text: '"name": "docformat"' },
  {
    name: 'Jupyter notebook',
    file: 'misc/analysis.ipynb',
    contentType: 'application/octet-stream',
    pages: 1,
    markdown: '```python',
    text: 'Sales Analysis',
  },
  {
    name: 'RSS feed',
    file: 'misc/feed-rss.xml',
    contentType: 'application/rss+xml',
    pages: 1,
    markdown: '# DocFormat Release Notes',
    text: 'Feeds are supported',
  },
  {
    name: 'Atom feed',
    file: 'misc/feed-atom.xml',
    contentType: 'application/atom+xml',
    pages: 1,
    markdown: '# Engineering Blog',
    text: 'Entry with HTML content',
  },
  {
    name: 'e-mail',
    file: 'misc/message.eml',
    contentType: 'message/rfc822',
    pages: 1,
    markdown: '**From:**',
    text: 'Quarterly report: conversion numbers',
  },
  {
    name: 'Outlook message',
    file: 'misc/message.msg',
    contentType: 'application/vnd.ms-outlook',
    pages: 1,
    markdown: '**From:**',
    text: 'meeting notes',
  },
  {
    name: 'ZIP archive',
    file: 'misc/archive.zip',
    contentType: 'application/zip',
    pages: 1,
    markdown: '## docs/page.html',
    text: 'Plain text entry.',
  },
  {
    name: 'PNG image (OCR)',
    file: 'ocr/report.png',
    contentType: 'image/png',
    pages: 1,
    markdown: '# Quarterly Report',
    text: 'Replace the conveyor motors',
  },
  {
    name: 'TIFF pages (OCR)',
    file: 'ocr/pages.tiff',
    contentType: 'image/tiff',
    pages: 3,
    markdown: '# Third Chapter',
    text: 'Bridges cross the river',
  },
] as const;

const suite = useWorkerSuite('formats', (origin) => {
  for (const input of inputs) origin.route(`/${input.file}`, { body: fixture(input.file), contentType: input.contentType });
});

describe('a worker converting every supported input type', () => {
  it.each(inputs)('converts $name to text and markdown', async (input) => {
    const id = await suite.client.submit(suite.origin.url(`/${input.file}`), ['text', 'markdown']);
    const job = await suite.client.waitForTerminal(id);

    expect(job).toMatchObject({ status: 'COMPLETED', pages: input.pages, errorCode: null });
    expect(job.result).toMatchObject({ bytes: fixture(input.file).length, metadata: expect.any(Object) });
    const byFormat = Object.fromEntries(job.outputs.map((o) => [o.format, o.content]));
    expect(byFormat['markdown']).toContain(input.markdown);
    expect(byFormat['text']).toContain(input.text);
    expect(byFormat['markdown']).not.toMatch(/data:image|base64,/);
  });
});
