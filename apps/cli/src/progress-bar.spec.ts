import { PageBar, ProgressBar, renderPages, renderProgress } from './progress-bar';

const CLEAR = '\r\x1b[2K';

describe('renderProgress', () => {
  it('fills the bar by the finished share and counts failures', () => {
    expect(renderProgress({ total: 4, done: 0, failed: 0 }, 30)).toBe(`[${'-'.repeat(12)}] 0/4`);
    expect(renderProgress({ total: 4, done: 1, failed: 1 }, 80)).toBe(`[${'#'.repeat(20)}${'-'.repeat(20)}] 2/4 (1 failed)`);
    expect(renderProgress({ total: 2, done: 2, failed: 0 }, 20)).toBe(`[${'#'.repeat(10)}] 2/2`);
  });

  it('moves with the pages of the documents still running', () => {
    // 1 of 4 done, and two running at half and a quarter: 1.75 of 4 of a 20-wide bar.
    expect(renderProgress({ total: 4, done: 1, failed: 0, running: 0.75 }, 38)).toBe(`[${'#'.repeat(9)}${'-'.repeat(11)}] 1/4`);
  });
});

describe('renderPages', () => {
  it("fills the bar by a job's pages done, its width fixed by the page count", () => {
    // "400/400 pages" is 13 characters: a 40-column terminal leaves 23 for the bar.
    expect(renderPages({ pagesDone: 0, pages: 400 }, 40)).toBe(`[${'-'.repeat(23)}] 0/400 pages`);
    expect(renderPages({ pagesDone: 100, pages: 400 }, 40)).toBe(`[${'#'.repeat(6)}${'-'.repeat(17)}] 100/400 pages`);
    expect(renderPages({ pagesDone: 400, pages: 400 }, 200)).toBe(`[${'#'.repeat(40)}] 400/400 pages`);
    expect(renderPages({ pagesDone: 3, pages: 7 }, 12)).toBe(`[${'#'.repeat(4)}${'-'.repeat(6)}] 3/7 pages`);
    expect(renderPages({ pagesDone: 0, pages: 0 }, 20)).toBe(`[${'#'.repeat(10)}] 0/0 pages`);
  });
});

describe('PageBar', () => {
  it('draws once the page count is known, redraws only on a change, and clears its line at the end', () => {
    let screen = '';
    const bar = new PageBar((text) => (screen += text), 30);
    bar.update(undefined);
    expect(screen).toBe('');
    bar.update({ pagesDone: 0, pages: 8 });
    bar.update({ pagesDone: 0, pages: 8 });
    bar.update({ pagesDone: 4, pages: 8 });
    bar.clear();
    expect(screen.split(CLEAR)).toEqual(['', `[${'-'.repeat(17)}] 0/8 pages`, `[${'#'.repeat(9)}${'-'.repeat(8)}] 4/8 pages`, '']);
  });

  it('leaves nothing to clear when it drew nothing', () => {
    let screen = '';
    new PageBar((text) => (screen += text), 30).clear();
    expect(screen).toBe('');
  });
});

describe('ProgressBar', () => {
  it('redraws its line in place and writes messages above it', () => {
    let screen = '';
    const bar = new ProgressBar(2, (text) => (screen += text), 20);
    bar.tick('done');
    bar.log('docformat: b.pdf: CORRUPT_DOCUMENT: unreadable');
    bar.tick('failed');
    bar.finish();
    expect(screen.split(CLEAR).filter(Boolean)).toEqual([
      `[${'-'.repeat(10)}] 0/2`,
      `[${'#'.repeat(5)}${'-'.repeat(5)}] 1/2`,
      'docformat: b.pdf: CORRUPT_DOCUMENT: unreadable\n',
      `[${'#'.repeat(5)}${'-'.repeat(5)}] 1/2`,
      `[${'#'.repeat(10)}] 2/2 (1 failed)\n`,
    ]);
  });

  it('moves within a document with its pages, and forgets them once it is done', () => {
    let screen = '';
    const bar = new ProgressBar(2, (text) => (screen += text), 20);
    bar.pages('a.pdf', { pagesDone: 5, pages: 10 });
    bar.pages('b.pdf', undefined);
    bar.tick('done', 'a.pdf');
    expect(screen.split(CLEAR).filter(Boolean)).toEqual([
      `[${'-'.repeat(10)}] 0/2`,
      `[${'#'.repeat(3)}${'-'.repeat(7)}] 0/2`,
      `[${'#'.repeat(5)}${'-'.repeat(5)}] 1/2`,
    ]);
  });
});
