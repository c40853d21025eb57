import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../testing/fixtures';
import { Worker } from 'node:worker_threads';
import { LANGUAGE_MODEL } from './languages';
import { NETWORK_REFUSED, localWorkerScript } from './local-worker-script';
import { type OcrPageResult, recognizePage, recognizePages, terminateOcr } from './ocr-engine';
import { type OcrEngines, localOcrEngines } from './ocr-engines';
import { tessdataDir } from './tessdata-dir';
import {
  ENGINE_KEEP_MB,
  ENGINE_YOUNG_GENERATION_MB,
  OCR_IDLE_MS,
  engineMemory,
  engineThread,
  enginePool,
  setOcrIdleTimeout,
  startTextEngine,
  textEngineKind,
  workerCounts,
} from './tesseract-workers';

const OCR_TIMEOUT = 60_000;
const MB = 1024 * 1024;
const image = (name: string) => readFileSync(join(FIXTURES_DIR, 'ocr', name));
/** The fixtures are rendered at 200 dpi. */
const options = { languages: ['eng'], pointsPerPixel: 72 / 200 };
const words = (page: OcrPageResult) => page.items.map((item) => item.text.replace(/[^\p{L}\p{N}]/gu, ''));

afterAll(() => terminateOcr());

describe('OCR engine', () => {
  it(
    'reads a page into positioned words in points, with larger type for the heading',
    async () => {
      const page = await recognizePage(image('report.png'), options);
      expect(words(page)).toEqual(expect.arrayContaining(['Quarterly', 'Report', 'northern', 'conveyor', 'seasonal', 'paperwork']));
      expect(page.rotation).toBe(0);
      expect(page.confidence).toBeGreaterThan(80);
      expect(page.width).toBeCloseTo(396, 0); // 1100 px at 200 dpi = 5.5 in
      expect(page.height).toBeCloseTo(288, 0);
      const heading = page.items.find((item) => item.text === 'Quarterly')!;
      const body = page.items.find((item) => item.text === 'northern')!;
      expect(heading.size).toBeGreaterThan(body.size * 1.2);
      expect(body.size).toBeGreaterThan(8);
      expect(body.size).toBeLessThan(13);
      expect(heading.y).toBeLessThan(body.y);
    },
    OCR_TIMEOUT,
  );

  it.each([
    ['rotated-90.png', 270],
    ['rotated-180.png', 180],
  ])(
    'reads %s upright',
    async (name, rotation) => {
      const page = await recognizePage(image(name), options);
      expect(page.rotation).toBe(rotation);
      expect(words(page)).toEqual(expect.arrayContaining(['Sideways', 'Notice', 'register', 'laboratory', 'building']));
      expect(page.width).toBeGreaterThan(page.height); // the landscape page, upright
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the half of a page pasted upside down the right way round, in its place below the upright half',
    async () => {
      const page = await recognizePage(image('half-upside-down.png'), { languages: ['eng'], pointsPerPixel: 72 / 150 });
      expect(page.rotation).toBe(0);
      const found = words(page);
      // The upright half, and the lower half read turned (upside down, Tesseract reads it as garbage).
      expect(found).toEqual(expect.arrayContaining(['Quick', 'installed', 'subdirectory']));
      expect(found).toEqual(expect.arrayContaining(['configuration', 'assume', 'program', 'machine', 'mpiexec']));
      const upright = page.items.find((item) => item.text === 'subdirectory')!;
      const turned = page.items.find((item) => item.text === 'configuration')!;
      expect(turned.y).toBeGreaterThan(upright.y);
      expect(page.confidence).toBeGreaterThan(80);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a tilted, noisy, unevenly lit phone photo and straightens its lines',
    async () => {
      const page = await recognizePage(image('photo.jpg'), options);
      expect(words(page)).toEqual(expect.arrayContaining(['Meeting', 'Minutes', 'committee', 'garden', 'cherry', 'western', 'spring']));
      const first = page.items.find((item) => item.text === 'The')!;
      const last = page.items.find((item) => item.text === 'twelve')!;
      expect(Math.abs(first.y - last.y)).toBeLessThan(2); // 1° over ~330 pt would be ~6 pt
    },
    OCR_TIMEOUT,
  );

  it(
    'runs pages in parallel on reused workers, results in page order',
    async () => {
      const pages = await recognizePages([async () => image('table.png'), async () => image('report.png')], { ...options, parallelism: 2 });
      expect(words(pages[0])).toContain('Melbourne');
      expect(words(pages[1])).toContain('Quarterly');
      const before = workerCounts()['text:eng'];
      expect(before).toBeLessThanOrEqual(2);
      expect(Object.values(workerCounts()).reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(availableParallelism());
      await recognizePage(image('table.png'), options);
      expect(workerCounts()['text:eng']).toBe(before);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a blank, noisy scan once: no orientation pass, no turned readings',
    async () => {
      const calls: string[] = [];
      const counted: OcrEngines = {
        recognize: (bytes, request, signal) => (calls.push('recognize'), localOcrEngines.recognize(bytes, request, signal)),
        detectOrientation: (bytes, request, signal) => (calls.push('detect'), localOcrEngines.detectOrientation(bytes, request, signal)),
      };
      const page = await recognizePage(await noisePage(1100, 800), { ...options, engines: counted });
      expect(page.items).toEqual([]);
      expect(page.rotation).toBe(0);
      expect(calls).toEqual(['recognize']);
    },
    OCR_TIMEOUT,
  );

  it('does not start an engine for an image too small to hold a word', async () => {
    await terminateOcr();
    const page = await recognizePage(readFileSync(join(FIXTURES_DIR, 'office-docs', 'pixel.png')), options);
    expect(page.items).toEqual([]);
    expect(workerCounts()['text:eng'] ?? 0).toBe(0);
  });

  it(
    'ends engines left idle, and starts one again when a page comes',
    async () => {
      await terminateOcr(); // engines left by earlier tests keep their own timers
      setOcrIdleTimeout(300);
      try {
        await recognizePage(image('table.png'), options);
        expect(workerCounts()['text:eng']).toBeGreaterThanOrEqual(1);
        await new Promise((resolve) => setTimeout(resolve, 800));
        expect(workerCounts()['text:eng'] ?? 0).toBe(0);
        expect(words(await recognizePage(image('table.png'), options))).toContain('Melbourne');
      } finally {
        setOcrIdleTimeout(OCR_IDLE_MS);
      }
    },
    OCR_TIMEOUT,
  );
});

/** A white page with grey speckle, as a scanner gives for an empty back side (JPEG). */
async function noisePage(width: number, height: number): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  let seed = 7;
  for (let at = 0; at < pixels.data.length; at += 4) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const grey = 235 + (seed % 21);
    pixels.data.set([grey, grey, grey, 255], at);
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/jpeg', 70);
}

describe('OCR engine threads', () => {
  it(
    'start with a small young generation, which tesseract.js has no option for',
    async () => {
      const limits = await enginePool().use(textEngineKind(['eng']), startTextEngine(['eng']), async (engine) => {
        const thread = engineThread(engine);
        expect(thread).toBeInstanceOf(Worker);
        return thread?.resourceLimits;
      });
      expect(limits?.maxYoungGenerationSizeMb).toBe(ENGINE_YOUNG_GENERATION_MB);
      // Only the young generation: the heap cap stays V8's default.
      expect(limits?.maxOldGenerationSizeMb).toBeGreaterThan(1000);
    },
    OCR_TIMEOUT,
  );

  it(
    'tell their WebAssembly memory, which grows with the image read; the pool ends one grown past ENGINE_KEEP_MB',
    async () => {
      const kind = textEngineKind(['eng']);
      const start = startTextEngine(['eng']);
      const started = await enginePool().use(kind, start, (engine) => engineMemory(engine));
      expect(started).toBeGreaterThan(20 * MB); // the core and the language data
      expect(started).toBeLessThan(ENGINE_KEEP_MB * MB);
      // A 16-million-pixel colour page: Leptonica holds it at 4 bytes a pixel, and copies.
      const { createCanvas } = await import('@napi-rs/canvas');
      const page = createCanvas(4000, 4000);
      const context = page.getContext('2d');
      context.fillStyle = '#3a6';
      context.fillRect(0, 0, 4000, 4000);
      const grown = await enginePool().use(kind, start, async (engine) => {
        await engine.recognize(page.toBuffer('image/png'));
        expect(await engineMemory(engine)).toBeGreaterThan(ENGINE_KEEP_MB * MB);
        return engineThread(engine);
      });
      if (grown && grown.threadId !== -1) await new Promise((resolve) => grown.once('exit', resolve));
      expect(workerCounts()[kind]).toBeUndefined();
    },
    OCR_TIMEOUT,
  );

  it(
    'are ended when their thread has exited, not when it was asked to stop',
    async () => {
      const engine = await startTextEngine(['eng'])();
      const thread = engineThread(engine);
      expect(thread?.threadId).toBeGreaterThan(0);
      await engine.terminate();
      expect(thread?.threadId).toBe(-1); // Node's mark of a thread that has exited
    },
    OCR_TIMEOUT,
  );
});

describe('OCR data stays local', () => {
  it('points tesseract.js at the installed data packages', () => {
    const dir = tessdataDir(['eng'], LANGUAGE_MODEL);
    expect(dir).not.toMatch(/^[a-z]+:\/\//);
    for (const file of readdirSync(dir)) {
      expect(realpathSync(join(dir, file))).toMatch(
        /node_modules[\\/]@tesseract\.js-data[\\/][a-z_]+[\\/]4\.0\.0_best_int[\\/][a-z_]+\.traineddata\.gz$/,
      );
    }
  });

  it(
    'runs the workers with the network refused, so a wrong langPath fails instead of downloading',
    async () => {
      // What tesseract.js would do with a URL langPath (its default is a CDN): the
      // guarded worker script must refuse. The OCR tests above ran in the same script.
      const worker = new Worker(localWorkerScript());
      try {
        const reply = new Promise<{ status: string; data: string }>((resolve) =>
          worker.on('message', (message) => message.status !== 'progress' && resolve(message)),
        );
        worker.postMessage({
          workerId: 'test',
          jobId: 'load-1',
          action: 'loadLanguage',
          payload: {
            langs: 'eng',
            options: { langPath: 'https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0_best_int', cacheMethod: 'none', gzip: true },
          },
        });
        const { status, data } = await reply;
        expect(status).toBe('reject');
        expect(data).toContain(NETWORK_REFUSED);
      } finally {
        await worker.terminate();
      }
    },
    OCR_TIMEOUT,
  );
});
