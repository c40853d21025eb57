import { zipSync } from 'fflate';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { OriginServer, Route } from '../test/support/origin-server';

/**
 * Documents and origins built to hurt: decompression bombs, nested archives, entity
 * attacks, absurd nesting, and an origin that lies about what it sends. Each case
 * names the outcome it must have (`COMPLETED` or an error code), or several when
 * more than one answer is honest (a lying origin may be caught at different points).
 */
export interface HostileCase {
  path: string;
  expect: readonly string[];
}

const MB = 1024 * 1024;

/** A raw HTTP answer written on the socket, for lies ServerResponse refuses to tell. */
function raw(head: string, body: Buffer | string, end = true): Route {
  return (_request: IncomingMessage, response: ServerResponse) => {
    const socket = response.socket!;
    socket.write(`HTTP/1.1 200 OK\r\n${head}\r\nConnection: close\r\n\r\n`);
    socket.write(body);
    if (end) socket.end();
    else setTimeout(() => socket.destroy(), 200);
  };
}

function zip(entries: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(entries, { level: 9 }));
}

const text = (value: string) => new TextEncoder().encode(value);

export function hostileCases(origin: OriginServer, maxFileBytes: number): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (path: string, route: Route, expect: readonly string[]) => {
    origin.route(path, route);
    cases.push({ path, expect });
  };
  const doc = (body: Buffer | string, contentType: string): Route => ({ body, contentType });

  // Archives.
  add('/h/zip-bomb.zip', doc(zip({ 'zeros.txt': new Uint8Array(50 * MB) }), 'application/zip'), ['FILE_TOO_LARGE']);
  add(
    '/h/zip-many-entries.zip',
    doc(zip(Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`f${i}.txt`, text(`${i}`)]))), 'application/zip'),
    ['FILE_TOO_LARGE'],
  );
  const inner = zip({ 'deep.txt': text('three levels down') });
  add('/h/nested-3.zip', doc(zip({ 'a.zip': zip({ 'b.zip': zip({ 'c.zip': inner }) }) }), 'application/zip'), ['CORRUPT_DOCUMENT']);
  add('/h/zip-of-zip-bombs.zip', doc(zip({ 'x.zip': zip({ 'zeros.bin': new Uint8Array(8 * MB) }) }), 'application/zip'), [
    'FILE_TOO_LARGE',
  ]);

  // Compression at the HTTP layer: the byte cap applies after decompression.
  const gzipBomb = gzipSync(Buffer.alloc(maxFileBytes * 4), { level: 9 });
  add(
    '/h/gzip-bomb.txt',
    (_q, s) =>
      s.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': gzipBomb.length }).end(gzipBomb),
    ['FILE_TOO_LARGE'],
  );
  add(
    '/h/bogus-gzip.txt',
    (_q, s) => s.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end('this is not gzip at all'),
    ['DOWNLOAD_FAILED', 'CORRUPT_DOCUMENT'],
  );
  add(
    '/h/unknown-encoding.txt',
    (_q, s) => s.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'x-bogus' }).end('plain words'),
    ['COMPLETED', 'DOWNLOAD_FAILED', 'UNSUPPORTED_DOCUMENT_TYPE'],
  );

  // XML entity attacks.
  const lol =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
    ']><lolz>&lol9;</lolz>';
  add('/h/billion-laughs.xml', doc(lol, 'application/xml'), ['UNSUPPORTED_DOCUMENT_TYPE']);
  add('/h/xxe.xml', doc('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>', 'application/xml'), [
    'UNSUPPORTED_DOCUMENT_TYPE',
  ]);
  add(
    '/h/xxe-feed.rss',
    doc(
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "http://169.254.169.254/">]><rss><channel><title>&x;</title></channel></rss>',
      'application/rss+xml',
    ),
    ['UNSUPPORTED_DOCUMENT_TYPE'],
  );

  // Absurd nesting: converted, flattened beyond a fixed depth.
  add(
    '/h/deep-div.html',
    doc('<html><body>' + '<div>'.repeat(100_000) + 'deep' + '</div>'.repeat(100_000) + '</body></html>', 'text/html'),
    ['COMPLETED'],
  );
  add('/h/deep-div-unclosed.html', doc('<div>x'.repeat(100_000), 'text/html'), ['COMPLETED']);
  add('/h/deep-list.html', doc('<ul><li>item'.repeat(20_000) + '</li></ul>'.repeat(20_000), 'text/html'), ['COMPLETED']);
  add('/h/deep-inline.html', doc('<p>' + '<b><i><a href="#">'.repeat(30_000) + 'x', 'text/html'), ['COMPLETED']);
  add('/h/deep.json', doc('['.repeat(100_000) + ']'.repeat(100_000), 'application/json'), ['COMPLETED']);
  add('/h/deep-object.json', doc('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), 'application/json'), ['COMPLETED']);
  add('/h/deep.xml', doc('<a>'.repeat(100_000) + '</a>'.repeat(100_000), 'application/xml'), ['COMPLETED']);
  add('/h/deep-quote.md', doc('>'.repeat(100_000) + ' x\n\nafter\n', 'text/markdown'), ['COMPLETED']);

  // An origin that lies or never finishes.
  add('/h/short-body.pdf', raw('Content-Type: application/pdf\r\nContent-Length: 100000', '%PDF-1.7\n', false), ['DOWNLOAD_FAILED']);
  add('/h/long-body.txt', raw('Content-Type: text/plain\r\nContent-Length: 5', 'hello, and a great deal more than five bytes'), [
    'COMPLETED',
    'DOWNLOAD_FAILED',
  ]);
  add(
    '/h/endless.txt',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!s.destroyed && s.write(chunk));
        if (!s.destroyed) s.once('drain', pump);
      };
      pump();
    },
    ['FILE_TOO_LARGE'],
  );
  add(
    '/h/drip-feed.txt',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => s.write('.'), 250);
      s.on('close', () => clearInterval(timer));
    },
    ['DOWNLOAD_FAILED'],
  );
  add(
    '/h/never-answers.txt',
    (_q, s) => {
      const timer = setTimeout(() => s.destroy(), 60_000);
      s.on('close', () => clearTimeout(timer));
    },
    ['DOWNLOAD_FAILED'],
  );
  add('/h/redirect-loop', (_q, s) => s.writeHead(302, { location: '/h/redirect-loop' }).end(), ['DOWNLOAD_FAILED']);
  add('/h/server-error.pdf', (_q, s) => s.writeHead(500, { 'content-type': 'text/plain' }).end('boom'), ['DOWNLOAD_FAILED']);
  add('/h/empty.pdf', doc('', 'application/pdf'), ['CORRUPT_DOCUMENT', 'UNSUPPORTED_DOCUMENT_TYPE', 'DOWNLOAD_FAILED']);
  add('/h/garbage.bin', doc(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) & 0xff)), 'application/octet-stream'), [
    'UNSUPPORTED_DOCUMENT_TYPE',
    'CORRUPT_DOCUMENT',
  ]);
  return cases;
}
