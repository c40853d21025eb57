import { convertText } from '../../testing/convert-text';
import { convertInThread } from '../../testing/convert-in-thread';
import { convertFixture, failureCode, fixture } from '../../testing/fixtures';

const convert = (source: string | Buffer, mimeType: string, fileName?: string) =>
  convertText({ bytes: Buffer.from(source), contentType: mimeType, fileName, formats: ['markdown', 'text'], maxPages: 1 });

describe('E-mail reader: message.eml (text + HTML alternative, one attachment)', () => {
  let markdown: string;
  let text: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    result = await convertFixture('misc/message.eml', 'message/rfc822');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
  });

  it('starts with the subject and a header block', () => {
    expect(
      text.startsWith(
        [
          'Quarterly report: conversion numbers',
          '',
          'From: Ada Example <ada@example.com>',
          'To: Grace Sample <grace@example.org>, ops@example.org',
          'Cc: Team Lead <lead@example.com>',
          'Subject: Quarterly report: conversion numbers',
          'Date: 2024-05-01T14:30:00.000Z',
        ].join('\n'),
      ),
    ).toBe(true);
    expect(markdown).toContain('**From:** Ada Example \\<ada@example.com>  \n**To:**');
  });

  it('reads the HTML alternative through the HTML reader (links, lists; no styles), not the text one', () => {
    expect(markdown).toContain(
      '## Quarterly report\n\nHello Grace,\n\nThe **HTML** body with a [report link](https://example.com/report).',
    );
    expect(markdown).toContain('- PDF: 1,204 jobs\n- HTML: 3,377 jobs');
    expect(markdown).not.toMatch(/plain-text alternative|color:red/);
  });

  it('lists the attachment without converting it', () => {
    expect(markdown).toContain('## Attachments\n\n- numbers.csv (text/csv, 21 bytes)');
    expect(markdown).not.toContain('Q1,4581');
  });

  it('has subject, sender and date as metadata; one page', () => {
    expect(result.metadata).toEqual({
      title: 'Quarterly report: conversion numbers',
      author: 'Ada Example <ada@example.com>',
      createdAt: '2024-05-01T14:30:00.000Z',
    });
    expect(result.pages).toBe(1);
  });
});

describe('E-mail reader: .eml variants', () => {
  it('reads a text-only message, found by its .eml extension, with encoded words decoded', async () => {
    const source =
      'From: =?utf-8?q?J=C3=BCrgen?= <j@example.de>\r\nSubject: Plain\r\nDate: not a date\r\n\r\nLine one\r\nline two\r\n\r\nNext paragraph\r\n';
    const result = await convert(source, 'text/plain', 'note.eml');
    expect(result.outputs['text']).toBe(
      'Plain\n\nFrom: Jürgen <j@example.de>\nSubject: Plain\nDate: not a date\n\nLine one\nline two\n\nNext paragraph\n',
    );
    expect(result.metadata).toEqual({ title: 'Plain', author: 'Jürgen <j@example.de>' });
  });

  it.each([
    ['text without mail headers', 'Just some words\nand more words\n'],
    ['binary garbage', Buffer.from([0x00, 0x01, 0xfe, 0xff, 0x10])],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, source) => {
    expect(await failureCode(convert(source, 'message/rfc822'))).toBe('CORRUPT_DOCUMENT');
  });
});

describe('E-mail reader: Outlook message.msg', () => {
  // The fixture is a minimal .msg burned with msgreader's own CFB writer (see
  // fixtures/misc/README.md), not a file saved by Outlook.
  it('reads headers, recipients by type, body, attachment and metadata', async () => {
    const result = await convertFixture('misc/message.msg', 'application/vnd.ms-outlook');
    expect(result.outputs['text']).toBe(
      [
        'Outlook fixture: meeting notes',
        '',
        'From: Ada Example <ada@example.com>',
        'To: Grace Sample <grace@example.org>',
        'Cc: Team Lead <lead@example.com>',
        'Subject: Outlook fixture: meeting notes',
        'Date: 2024-05-01T14:30:00.000Z',
        '',
        'Plain body of the Outlook message.',
        '',
        'Second paragraph.',
        '',
        'Attachments',
        '',
        '- agenda.txt (text/plain, 20 bytes)',
        '',
      ].join('\n'),
    );
    expect(result.metadata).toEqual({
      title: 'Outlook fixture: meeting notes',
      author: 'Ada Example <ada@example.com>',
      createdAt: '2024-05-01T14:30:00.000Z',
    });
    expect(result.pages).toBe(1);
  });

  it('is found by the .msg extension when served as octet-stream', async () => {
    const result = await convert(fixture('misc/message.msg'), 'application/octet-stream', 'notes.msg');
    expect(result.outputs['markdown'].startsWith('# Outlook fixture: meeting notes\n')).toBe(true);
  });

  it.each([
    ['wrong magic', Buffer.from('From: a@example.com\r\n\r\nnot a msg')],
    ['a truncated compound file', fixture('misc/message.msg').subarray(0, 1024)],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, bytes) => {
    expect(await failureCode(convert(bytes, 'application/vnd.ms-outlook'))).toBe('CORRUPT_DOCUMENT');
  });

  it('fails a message whose FAT was run over by zeros with CORRUPT_DOCUMENT, in a small heap', async () => {
    // Every chain then loops on sector 0: msgreader pushed chain entries until the heap
    // was full (1 GB per conversion thread by default; the fuzz suite's worst peak).
    const bytes = Buffer.from(fixture('misc/message.msg'));
    bytes.fill(0, 9 * 512, 10 * 512);
    const outcome = await convertInThread({ bytes, contentType: 'application/vnd.ms-outlook', formats: ['text'], maxPages: 1 }, 128);
    expect(outcome.error).toBe('CORRUPT_DOCUMENT');
  }, 60_000);

  it('refuses a compound file that holds no message (a legacy .doc, say)', async () => {
    // msgreader's own CFB writer makes a valid compound file with one foreign stream.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- test helper inside the library
    const { burn } = require('@kenjiuno/msgreader/lib/Burner') as typeof import('@kenjiuno/msgreader/lib/Burner');
    const data = Uint8Array.from(Buffer.from('not a message'));
    const cfb = burn([
      { name: 'Root Entry', type: 5, length: 0, children: [1] },
      { name: 'WordDocument', type: 2, length: data.length, binaryProvider: () => data },
    ]);
    expect(await failureCode(convert(Buffer.from(cfb), 'application/vnd.ms-outlook'))).toBe('UNSUPPORTED_DOCUMENT_TYPE');
  });
});
