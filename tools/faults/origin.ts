import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../../libs/converters/fixtures');

/** Committed fixtures of many types, none that needs OCR (it would dominate the run time). */
export const DOCUMENTS: { path: string; contentType: string }[] = [
  { path: 'sample.pdf', contentType: 'application/pdf' },
  { path: 'sample.html', contentType: 'text/html' },
  { path: 'sample.md', contentType: 'text/markdown' },
  { path: 'notes.txt', contentType: 'text/plain' },
  { path: 'windows-1252.txt', contentType: 'text/plain' },
  { path: 'office-docs/source.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { path: 'office-docs/source.odt', contentType: 'application/vnd.oasis.opendocument.text' },
  { path: 'office-docs/source.rtf', contentType: 'application/rtf' },
  { path: 'office-docs/source.epub', contentType: 'application/epub+zip' },
  { path: 'misc/analysis.ipynb', contentType: 'application/x-ipynb+json' },
  { path: 'misc/data.json', contentType: 'application/json' },
  { path: 'misc/feed-rss.xml', contentType: 'application/rss+xml' },
  { path: 'misc/message.eml', contentType: 'message/rfc822' },
  { path: 'misc/archive.zip', contentType: 'application/zip' },
];

export interface Origin {
  url(path: string): string;
  close(): Promise<void>;
}

/** Serves the fixtures on 127.0.0.1 (the workers run with FETCH_ALLOW_PRIVATE=true). */
export async function startOrigin(): Promise<Origin> {
  const files = new Map(DOCUMENTS.map((doc) => [`/${doc.path}`, { body: readFileSync(join(FIXTURES, doc.path)), type: doc.contentType }]));
  const server: Server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://origin').pathname);
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
