import convertInThread from '../../src/conversion/conversion.task';
import type { ConversionTaskInput, TaskOutcome } from '../../src/conversion/conversion-task.types';
import { blockForever } from './block-forever';

/**
 * A conversion-thread entry for tests: documents carrying a marker misbehave the
 * way a broken parser would; everything else goes to the real task.
 */
export default async function unrulyTask(input: ConversionTaskInput): Promise<TaskOutcome> {
  const text = Buffer.from(input.bytes).toString('latin1');
  if (text.includes('@@HANG@@')) blockForever();
  if (text.includes('@@OOM@@')) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(100_000).fill(hoard.length));
  }
  if (text.includes('@@CRASH@@')) process.exit(3);
  return convertInThread(input);
}
