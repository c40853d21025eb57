import { convertInThread } from '../../testing/convert-in-thread';

/** A conversion thread's heap, as the worker sets it up (resourceLimits), but smaller than production's. */
const HEAP_MB = 300;
const ROWS = 100_000;

describe('CSV reader: a big table', () => {
  it(`converts ${ROWS.toLocaleString('en-US')} rows × 10 columns in a thread with a ${HEAP_MB} MB heap`, async () => {
    const lines = ['id,name,amount,date,flag,note,a,b,c,d'];
    for (let r = 1; r < ROWS; r++)
      lines.push(
        `${r},Customer ${r % 977},${(r / 100).toFixed(2)},2024-01-${String((r % 28) + 1).padStart(2, '0')},${r % 2 ? 'yes' : 'no'},${r % 97 ? 'ok' : '"a | b"'},x,y,z,w`,
      );
    const result = await convertInThread(
      { bytes: Buffer.from(lines.join('\n')), contentType: 'text/csv', formats: ['markdown', 'text'], maxPages: 1 },
      HEAP_MB,
    );
    expect(result.error).toBeUndefined();
    const markdown = result.outputs?.['markdown']?.split('\n') ?? [];
    expect(markdown).toHaveLength(ROWS + 2);
    expect(markdown.slice(0, 3)).toEqual([
      '| id | name | amount | date | flag | note | a | b | c | d |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      '| 1 | Customer 1 | 0.01 | 2024-01-02 | yes | ok | x | y | z | w |',
    ]);
    expect(markdown).toContain('| 97 | Customer 97 | 0.97 | 2024-01-14 | yes | a \\| b | x | y | z | w |');
    expect(result.outputs?.['text']?.split('\n')).toHaveLength(ROWS + 1);
  }, 120_000);
});
