// The document origin of the compose smoke test: a container on the compose network
// that serves libs/converters/fixtures (mounted read-only at /fixtures), so that the
// workers fetch over the network as they would in production, and nothing leaves the
// machine. `/<path>` answers the file at once; `/slow/<seconds>/<path>` sends it in
// small pieces spread over that many seconds, which keeps a job in progress long
// enough to stop or kill the worker running it. Plain Node, no dependencies.
const { createServer } = require('node:http');
const { readFile } = require('node:fs/promises');
const { extname, join, normalize } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = '/fixtures';
const TYPES = {
  '.pdf': 'application/pdf',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.epub': 'application/epub+zip',
  '.rtf': 'application/rtf',
  '.eml': 'message/rfc822',
  '.zip': 'application/zip',
  '.png': 'image/png',
};

async function answer(req, res) {
  const slow = /^\/slow\/(\d+)(\/.*)$/.exec(req.url);
  const path = normalize(decodeURIComponent(slow ? slow[2] : req.url));
  if (path === '/health') return res.writeHead(200).end('ok');
  let body;
  try {
    body = await readFile(join(ROOT, path));
  } catch {
    return res.writeHead(404).end();
  }
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': body.length });
  if (!slow) return res.end(body);
  const pieces = 20;
  const step = Math.ceil(body.length / pieces);
  for (let i = 0; i < pieces && !res.destroyed; i++) {
    res.write(body.subarray(i * step, (i + 1) * step));
    await sleep((Number(slow[1]) * 1000) / pieces);
  }
  res.end();
}

const server = createServer((req, res) => {
  answer(req, res).catch(() => res.destroy());
});
server.listen(8080, () => console.log('origin: serving /fixtures on :8080'));
// PID 1 in its container: stop at once on `docker compose down`.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
