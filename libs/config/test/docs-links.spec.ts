import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { documentationFiles, headingAnchors, linkTargets, readDoc, ROOT } from './markdown-docs';

// Sections move between README.md and docs/; a link left pointing at the old place
// would send a reader nowhere. Every relative link must name a file that exists, and a
// #fragment a heading of that file as GitHub anchors it.

const files = documentationFiles();

/** Links to other sites and e-mail addresses are not checked: only this repository's. */
const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `file`, or undefined when it resolves. */
function problemWith(file: string, target: string): string | undefined {
  const [path = '', fragment] = target.split('#', 2);
  const resolved = path ? join(dirname(file), decodeURIComponent(path)) : file;
  if (resolved.startsWith('..') || !existsSync(join(ROOT, resolved))) return `${target}: no such file (${resolved})`;
  if (fragment === undefined || !resolved.endsWith('.md')) return undefined;
  if (!headingAnchors(readDoc(resolved)).has(decodeURIComponent(fragment))) return `${target}: ${resolved} has no heading #${fragment}`;
  return undefined;
}

describe('links in README.md and docs/', () => {
  it('covers the README and the docs', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/api.md', 'docs/configuration.md', 'docs/adr/0001-intermediate-document.md']),
    );
  });

  it.each(files)('%s: every relative link resolves, anchors included', (file) => {
    const broken = linkTargets(readDoc(file))
      .filter((target) => !isExternal(target))
      .flatMap((target) => problemWith(file, target) ?? []);
    expect(broken).toEqual([]);
  });

  it('keeps the README a front door: at most 250 lines, details in docs/', () => {
    expect(readDoc('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('GitHub heading anchors', () => {
  it('are made as GitHub makes them', () => {
    const anchors = headingAnchors(
      [
        '# docformat',
        '## Waiting without polling: `GET /job/{id}?wait=N`',
        '## 2026-11-28: the benchmarks corrected (issue 28)',
        '## Safe retries, the result cache and fairness',
        '## Notes',
        '## Notes',
        '```bash',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'docformat',
      'waiting-without-polling-get-jobidwaitn',
      '2026-11-28-the-benchmarks-corrected-issue-28',
      'safe-retries-the-result-cache-and-fairness',
      'notes',
      'notes-1',
    ]);
  });
});
