import { ProgressBar, renderProgress } from './progress-bar';

describe('renderProgress', () => {
  it('fills the bar by the finished share and counts failures', () => {
    expect(renderProgress({ total: 4, done: 0, failed: 0 }, 30)).toBe(`[${'-'.repeat(12)}] 0/4`);
    expect(renderProgress({ total: 4, done: 1, failed: 1 }, 80)).toBe(`[${'#'.repeat(20)}${'-'.repeat(20)}] 2/4 (1 failed)`);
    expect(renderProgress({ total: 2, done: 2, failed: 0 }, 20)).toBe(`[${'#'.repeat(10)}] 2/2`);
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
    const clear = '\r\x1b[2K';
    expect(screen.split(clear).filter(Boolean)).toEqual([
      `[${'-'.repeat(10)}] 0/2`,
      `[${'#'.repeat(5)}${'-'.repeat(5)}] 1/2`,
      'docformat: b.pdf: CORRUPT_DOCUMENT: unreadable\n',
      `[${'#'.repeat(5)}${'-'.repeat(5)}] 1/2`,
      `[${'#'.repeat(10)}] 2/2 (1 failed)\n`,
    ]);
  });
});
