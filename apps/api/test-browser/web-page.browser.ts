import { ApiTokenRepository, createPrismaClient, JobProcessingRepository, type PrismaClient } from '@docformat/db';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startApiProcess, type ApiProcess } from '../test/support/api-process';
import { startWorkerProcess, type WorkerProcess } from '../test/support/worker-process';
import { launchChromium, type Browser } from './chromium';

/**
 * The web page in a real browser against the real service: an API process serving the
 * page, a worker process converting, Postgres and Redis, Chromium driving the page as
 * a user would. Nothing stands in for the API.
 */
const REPO_ROOT = join(__dirname, '../../..');
const FIXTURES = join(REPO_ROOT, 'libs/converters/fixtures');
/** A docx with headings, lists and a 3×3 table (Region / Sales / Growth; North, South). */
const DOCX = join(FIXTURES, 'office-docs/source.docx');
const PDF = join(FIXTURES, 'pdf-structure/tables.pdf');
export const SCREENSHOT = join(REPO_ROOT, 'test-artifacts/web-page.png');
/** Conversions are quick; this only bounds a broken run (Playwright's wait, not an assertion). */
const JOB_WAIT_MS = 90_000;
const HOSTILE_MARKDOWN =
  '# T\n\n<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>\n\n' +
  '[click](javascript:window.hacked=3) [ok](https://example.com/) ![alt text](https://tracker.example/p.png)';

let api: ApiProcess;
let worker: WorkerProcess;
let browser: Browser;
let prisma: PrismaClient;
let origin: Server;
let token = '';
let base = '';
const pageErrors: string[] = [];
/** Answers to `/slow.html` held open: its job stays IN_PROGRESS, downloading, until it is cancelled. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  // Documents by URL come from this loopback origin, which the worker may fetch from.
  origin = createServer((request, response) => {
    if (request.url === '/slow.html') return void held.push(response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }));
    if (request.url !== '/handbook.html') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(FIXTURES, 'sample.html')));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const env = { FETCH_ALLOW_PRIVATE: 'true' };
  [api, worker] = await Promise.all([startApiProcess(env), startWorkerProcess({ ...env, WORKER_CONCURRENCY: '1' })]);
  prisma = createPrismaClient(process.env['DATABASE_URL'] ?? '', 1);
  token = (await new ApiTokenRepository(prisma).create('web-page-browser-test')).token;
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  worker?.child.kill('SIGKILL');
  await api?.stop();
  await prisma?.$disconnect();
  await new Promise<void>((resolve) => (origin ? origin.close(() => resolve()) : resolve()));
});

/** A page that records every script error and console error (CSP refusals are logged as console errors). */
async function openPage(): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });
  await page.goto(`${api.url}/`);
  return page;
}

/** The token, entered as a user does; a new tab has its own session storage, so each page asks once. */
async function signIn(page: Page): Promise<void> {
  await page.fill('#token-input', token);
  await page.click('#token-form button[type="submit"]');
  await page.waitForSelector('#workspace', { state: 'visible' });
}

async function waitForEnd(page: Page): Promise<string> {
  const status = await page.waitForSelector('#job-status[data-status="COMPLETED"], #job-status[data-status="FAILED"]', {
    timeout: JOB_WAIT_MS,
  });
  return (await status.getAttribute('data-status')) ?? '';
}

describe('the web page', () => {
  it('is served at / without a token under a strict CSP, and leaves the API as it was', async () => {
    const page = await fetch(`${api.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<script type="module" src="/assets/main.js">');
    for (const asset of ['/assets/main.js', '/assets/vendor/dompurify.js', '/assets/vendor/markdown-it.js', '/assets/styles.css']) {
      expect((await fetch(`${api.url}${asset}`)).status).toBe(200);
    }
    // Every other path is the API's, as before: unknown ones a 404 problem, routes still guarded.
    const unknown = await fetch(`${api.url}/assets/nope.js`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await fetch(`${api.url}/nope`)).headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await fetch(`${api.url}/jobs`)).status).toBe(401);
    expect((await fetch(`${api.url}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${api.url}/jobs`)).headers.get('content-security-policy')).toBeNull();
  });

  it('takes the token once, converts an uploaded docx to markdown and text, renders it, lists the job and downloads it', async () => {
    const page = await openPage();
    await page.fill('#token-input', 'not-a-token');
    await page.click('#token-form button[type="submit"]');
    await page.waitForSelector('#token-message', { state: 'visible' });
    expect(await page.textContent('#token-message')).toBe('The API does not know this token.');
    pageErrors.length = 0; // the refused token's 401, logged by the browser, was the point

    expect(await page.isVisible('#workspace')).toBe(false);
    await signIn(page);
    expect(await page.evaluate(() => sessionStorage.getItem('docformat.token'))).toBe(token);

    await page.setInputFiles('#file', DOCX);
    await page.check('input[name="format"][value="text"]'); // markdown is checked already
    await page.click('#submit');
    expect(await waitForEnd(page)).toBe('COMPLETED');

    const markdown = '#outputs .output[data-format="markdown"]';
    const headings = await page.locator(`${markdown} .rendered :is(h1, h2)`).allTextContents();
    expect(headings).toEqual(expect.arrayContaining(['Introduction', 'Key Points']));
    const cells = await page.locator(`${markdown} .rendered table td`).allTextContents();
    expect(cells).toEqual(expect.arrayContaining(['North', '120', 'South']));
    expect(await page.locator(`${markdown} .rendered table th`).allTextContents()).toEqual(['Region', 'Sales', 'Growth']);
    expect(await page.textContent(`${markdown} pre.raw`)).toContain('| North');
    expect(await page.textContent('#outputs .output[data-format="text"] pre.raw')).toContain('Introduction');

    const id = (await page.textContent('#job .facts code')) ?? '';
    const row = page.locator(`#recent-jobs tr[data-job-id="${id}"]`);
    await row.locator('.status-completed').waitFor();
    expect(await row.textContent()).toContain('source.docx');

    const [saved] = await Promise.all([page.waitForEvent('download'), page.click(`${markdown} button.download`)]);
    expect(saved.suggestedFilename()).toBe('source.md');
    expect(readFileSync(await saved.path(), 'utf8')).toContain('| North');

    await page.locator('#job').scrollIntoViewIfNeeded();
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    process.stdout.write(`web page screenshot: ${SCREENSHOT}\n`);

    // Entered once: a reload in the same tab keeps the token and shows the job list again.
    await page.reload();
    await page.locator(`#recent-jobs tr[data-job-id="${id}"]`).waitFor();
    expect(await page.isVisible('#token-form')).toBe(false);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it("shows a PDF job's page image beside its markdown, page by page", async () => {
    const page = await openPage();
    await signIn(page);
    await page.setInputFiles('#file', PDF);
    await page.click('#submit');
    expect(await waitForEnd(page)).toBe('COMPLETED');

    const first = page.locator('#page-view img[data-page="1"]');
    await first.waitFor();
    // Drawn by the API at 110 dpi (US Letter: 935 pixels wide), shown from a blob: URL the CSP allows.
    await page.waitForFunction(() => (document.querySelector('#page-view img') as HTMLImageElement | null)?.complete === true);
    expect(await first.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.src.startsWith('blob:')])).toEqual([935, true]);
    expect(await page.locator('.with-page #outputs .output[data-format="markdown"] .rendered').count()).toBe(1);
    expect(await page.textContent('#page-label')).toBe('Page 1 of 2');
    expect(await page.isDisabled('#page-previous')).toBe(true);

    await page.click('#page-next');
    await page.locator('#page-view img[data-page="2"]').waitFor();
    expect(await page.textContent('#page-label')).toBe('Page 2 of 2');
    expect(await page.isDisabled('#page-next')).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it('converts a document by URL to html and chunks, and opens a job from the list', async () => {
    const page = await openPage();
    await signIn(page);
    await page.fill('#url', `${base}/handbook.html`);
    await page.uncheck('input[name="format"][value="markdown"]');
    await page.check('input[name="format"][value="html"]');
    await page.check('input[name="format"][value="chunks"]');
    await page.click('#submit');
    expect(await waitForEnd(page)).toBe('COMPLETED');
    expect(await page.textContent('#outputs .output[data-format="html"] pre.raw')).toContain('<h1>Document Conversion Handbook</h1>');
    const chunks = JSON.parse((await page.textContent('#outputs .output[data-format="chunks"] pre.raw')) ?? '') as { headings: string[] }[];
    expect(chunks[0]?.headings[0]).toBe('Document Conversion Handbook');

    // The docx job of the test before, opened from the list, shows its outputs again.
    await page.locator('#recent-jobs tr', { hasText: 'source.docx' }).first().locator('button').click();
    await page.waitForSelector('#outputs .output[data-format="markdown"] .rendered table');
    expect(await page.textContent('#job .facts')).toContain('source.docx');
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it("shows a running job's pages done as the worker records them, and no more once it has ended", async () => {
    const page = await openPage();
    await signIn(page);
    await page.fill('#url', `${base}/slow.html`);
    await page.click('#submit');
    await page.waitForSelector('#job-status[data-status="IN_PROGRESS"]', { timeout: JOB_WAIT_MS });
    const id = (await page.textContent('#job .facts code')) ?? '';
    // Until the page's next long-poll (with progress=1) is held by the API.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await new JobProcessingRepository(prisma).recordProgress(id, 3, 10);
    await page.waitForSelector('#job-progress[data-pages-done="3"]', { timeout: 10_000 });
    expect(await page.textContent('#job-progress')).toContain('3 / 10 pages');

    await page.click('#cancel-job');
    expect(await waitForEnd(page)).toBe('FAILED');
    expect(await page.locator('#job-progress').count()).toBe(0);
    for (const response of held.splice(0)) response.end();
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);

  it('renders markup a document smuggles into markdown as text, and no script runs', async () => {
    const page = await openPage();
    // As text: the test's own compiler would turn an import() in a function into require().
    const rendered = (await page.evaluate(`(async () => {
      const { renderMarkdown } = await import('/assets/markdown-view.js');
      const box = document.createElement('div');
      box.append(renderMarkdown(${JSON.stringify(HOSTILE_MARKDOWN)}));
      return {
        html: box.innerHTML,
        hacked: window.hacked ?? null,
        active: box.querySelectorAll('img, script, [onerror], [style]').length,
        hrefs: [...box.querySelectorAll('a')].map((link) => link.getAttribute('href')),
      };
    })()`)) as { html: string; hacked: number | null; active: number; hrefs: string[] };
    expect(rendered.hacked).toBeNull();
    expect(rendered.active).toBe(0);
    expect(rendered.hrefs).toEqual(['https://example.com/']);
    expect(rendered.html).toContain('&lt;img src=x onerror="window.hacked=1"&gt;');
    expect(rendered.html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(rendered.html).toContain('[Image: alt text]');
    await page.close();
  });
});
