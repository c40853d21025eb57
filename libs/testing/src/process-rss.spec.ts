import { spawnSync } from 'node:child_process';
import { peakRssMb, resetPeakRss, rssMb } from './process-rss';
import { RUN_TYPESCRIPT } from './typescript-sources';

describe('a process’s resident set from /proc', () => {
  it('reads the kernel’s peak, at least the present RSS, and starts it over from the present RSS', () => {
    // A child that touches 200 MB and lets it go: its peak stays, its RSS falls.
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        ...RUN_TYPESCRIPT,
        '-e',
        `const { peakRssMb, resetPeakRss, rssMb } = require(${JSON.stringify(require.resolve('./process-rss.ts'))});
         let big = Buffer.alloc(200 * 1024 * 1024, 1);
         const before = peakRssMb(process.pid);
         big = undefined;
         global.gc();
         (async () => {
           // V8 hands a dead buffer's memory back after the collection, not always in it.
           for (const until = Date.now() + 10000; rssMb(process.pid) > before - 150 && Date.now() < until; ) {
             await new Promise((resolve) => setTimeout(resolve, 50));
             global.gc();
           }
           const reset = resetPeakRss(process.pid);
           console.log(JSON.stringify({ before, rss: rssMb(process.pid), after: peakRssMb(process.pid), reset }));
         })();`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    const { before, rss, after, reset } = JSON.parse(child.stdout) as Record<string, number | boolean>;
    expect(reset).toBe(true);
    expect(before).toBeGreaterThan(200);
    expect(after).toBeLessThan((before as number) - 150);
    expect(after).toBeGreaterThanOrEqual((rss as number) - 1);
  });

  it('reads 0 for a process that has gone, and cannot reset it', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
    expect([rssMb(gone), peakRssMb(gone), resetPeakRss(gone)]).toEqual([0, 0, false]);
  });
});
