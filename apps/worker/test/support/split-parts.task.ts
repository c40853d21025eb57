import convertInThread from '../../src/conversion/conversion.task';
import type { TaskInput, TaskOutcome } from '../../src/conversion/conversion-task.types';
import { blockForever } from './block-forever';

/**
 * A conversion-thread entry for the split-task tests: the further parts of a split
 * PDF (never the first task, nor the assembly) misbehave as SPLIT_PARTS in the thread's
 * environment says, the way a parser stuck on, or exploding over, one page would:
 * `hang`, `oom`, or `fail` (asked for a page the PDF does not have, which pdf.js refuses
 * as it refuses a damaged one). Everything else goes to the real task.
 */
export default async function splitPartsTask(input: TaskInput): Promise<TaskOutcome> {
  const behaviour = process.env['SPLIT_PARTS'];
  if (input.kind === 'pdf-part') {
    if (behaviour === 'hang') blockForever();
    if (behaviour === 'oom') {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(100_000).fill(hoard.length));
    }
    if (behaviour === 'fail') return convertInThread({ ...input, pages: [...input.pages, 100_000] });
  }
  return convertInThread(input);
}
