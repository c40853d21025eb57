/** What numbering needs of a (non-blank) paragraph of one text body. */
export interface NumberedParagraph {
  level: number;
  /** `a:buAutoNum`: its scheme (`type`) and `startAt`, when the paragraph is numbered. */
  autoNum?: { scheme: string; startAt?: number };
}

interface Run {
  scheme: string;
  /** The number the run started from: a repeated equal `startAt` continues it. */
  seed: number;
  value: number;
}

/**
 * The number each auto-numbered paragraph of a text body shows, as PowerPoint counts
 * (ECMA-376 §21.1.2.4.1 gives the schemes and `startAt`, not the counting): one count
 * per level. A paragraph at a deeper level, numbered or not, leaves the count of its
 * level alone, so steps resumed after an indented code line go on "3. 4. 5."; any
 * paragraph restarts the deeper levels; a paragraph at the same level without
 * numbering (bullet or `a:buNone`) ends the count, and so does another scheme. A
 * `startAt` seeds a new count unless the count at that level was seeded with the same
 * value: PowerPoint writes `startAt` on every item of such a list and shows 6, 7, 8.
 * Blank paragraphs are left out by the caller: PowerPoint neither labels nor counts them.
 */
export function autoNumbers(paragraphs: readonly NumberedParagraph[]): (number | undefined)[] {
  const runs = new Map<number, Run>();
  return paragraphs.map(({ level, autoNum }) => {
    for (const deeper of Array.from(runs.keys())) if (deeper > level) runs.delete(deeper);
    if (!autoNum) {
      runs.delete(level);
      return undefined;
    }
    const run = runs.get(level);
    const seed = autoNum.startAt ?? 1;
    const continues = run !== undefined && run.scheme === autoNum.scheme && (autoNum.startAt === undefined || autoNum.startAt === run.seed);
    const next: Run = continues ? { ...run, value: run.value + 1 } : { scheme: autoNum.scheme, seed, value: seed };
    runs.set(level, next);
    return next.value;
  });
}
