import { bmpBomb, gifBomb, jpegBomb, pdfImageBomb, pdfPageBomb, pngBomb, tiffBomb, webpBomb } from '@docformat/file-types/testing';
import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { OriginServer, Route } from '../test/support/origin-server';
import { FIXTURES_DIR } from './mutants';

/**
 * Documents and origins built to hurt: decompression bombs, nested archives, entity
 * attacks, absurd nesting, pixel bombs (images and PDFs a few bytes or megabytes long
 * that decode to gigabytes outside the V8 heap), and an origin that lies about what it
 * sends. Each case
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

  // Pixel bombs, read with OCR (the default "auto"): refused before anything decodes them.
  add('/h/png-bomb.png', doc(pngBomb(40_000, 40_000), 'image/png'), ['FILE_TOO_LARGE']);
  add('/h/jpeg-bomb.jpg', doc(jpegBomb(30_000, 30_000), 'image/jpeg'), ['FILE_TOO_LARGE']);
  add('/h/webp-bomb.webp', doc(webpBomb(16_384, 16_384), 'image/webp'), ['FILE_TOO_LARGE']);
  add('/h/bmp-bomb.bmp', doc(bmpBomb(30_000, 30_000), 'image/bmp'), ['FILE_TOO_LARGE']);
  add('/h/gif-bomb.gif', doc(gifBomb({ width: 65_535, height: 65_535 }, { width: 10, height: 10 }), 'image/gif'), ['FILE_TOO_LARGE']);
  // Declares a small picture (the screen, which image-size reports), decodes a large one (the frame).
  add('/h/gif-small-screen-large-frame.gif', doc(gifBomb({ width: 100, height: 100 }, { width: 30_000, height: 30_000 }), 'image/gif'), [
    'FILE_TOO_LARGE',
  ]);
  add('/h/tiff-bomb.tiff', doc(tiffBomb(30_000, 30_000), 'image/tiff'), ['FILE_TOO_LARGE']);
  add('/h/tiff-100k-pages.tiff', doc(tiffBomb(100, 100, 100_000), 'image/tiff'), ['TOO_MANY_PAGES']);
  const tiffLoop = tiffBomb(100, 100, 2);
  tiffLoop.writeUInt32LE(tiffLoop.readUInt32LE(4), tiffLoop.length - 4); // the last directory links back to the first
  add('/h/tiff-directory-loop.tiff', doc(tiffLoop, 'image/tiff'), ['CORRUPT_DOCUMENT']);
  const tiffWide = tiffBomb(1000, 1000);
  tiffWide.writeUInt16LE(65_535, tiffWide.indexOf(Buffer.from([0x15, 0x01, 0x03, 0x00]), 8) + 8); // 65,535 samples a pixel
  add('/h/tiff-wide-samples.tiff', doc(tiffWide, 'image/tiff'), ['FILE_TOO_LARGE']);
  // A page of 200 × 200 inches, and one of 55: drawn for OCR they would be 1.6 and 0.3 billion pixels.
  add('/h/pdf-huge-page.pdf', doc(pdfPageBomb(14_400, 14_400), 'application/pdf'), ['FILE_TOO_LARGE']);
  add('/h/pdf-large-page.pdf', doc(pdfPageBomb(4_000, 4_000), 'application/pdf'), ['FILE_TOO_LARGE']);
  // An A4 page whose only content is a 30,000 × 30,000 picture: pdf.js leaves it out undecoded, the page reads as blank.
  add('/h/pdf-image-bomb.pdf', doc(pdfImageBomb(30_000, 30_000), 'application/pdf'), ['COMPLETED']);
  // An Outlook message whose FAT sector is zeros: every chain loops on sector 0.
  const msg = readFileSync(join(FIXTURES_DIR, 'misc/message.msg'));
  msg.fill(0, 9 * 512, 10 * 512);
  add('/h/msg-fat-loop.msg', doc(msg, 'application/vnd.ms-outlook'), ['CORRUPT_DOCUMENT']);

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
