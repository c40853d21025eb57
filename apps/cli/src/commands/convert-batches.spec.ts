import { DocformatApiError, type BatchRecord } from '@docformat/client';
import { submitSplitting } from './convert-batches';

/** A stand-in API that takes a batch of at most `maxInputs` inputs, and refuses with `status` past that. */
function apiTaking(maxInputs: number, status = 413) {
  const batches: string[][] = [];
  const submit = async (inputs: string[]): Promise<BatchRecord> => {
    if (inputs.length > maxInputs)
      throw DocformatApiError.fromAnswer(status, {
        type: 'about:blank',
        title: 'refused',
        status,
        code: 'PAYLOAD_TOO_LARGE',
        detail: 'too large',
      });
    batches.push(inputs);
    return { id: `batch-${batches.length}` } as BatchRecord;
  };
  return { batches, submit };
}

describe('submitSplitting', () => {
  it('submits a batch the API takes as it is', async () => {
    const api = apiTaking(10);
    const alone: string[] = [];
    const submitted = await submitSplitting(['a', 'b', 'c'], api.submit, alone);
    expect(submitted.map((s) => s.inputs)).toEqual([['a', 'b', 'c']]);
    expect(alone).toEqual([]);
  });

  it('halves a batch refused with 413 until each part is taken, keeping the order', async () => {
    const api = apiTaking(2);
    const alone: string[] = [];
    const submitted = await submitSplitting(['a', 'b', 'c', 'd', 'e'], api.submit, alone);
    expect(submitted.map((s) => s.inputs)).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
    expect(api.batches).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });

  it('sends a single file still refused with 413, and a batch refused with 400, to be converted alone', async () => {
    const alone: string[] = [];
    expect(await submitSplitting(['big.pdf'], apiTaking(0).submit, alone)).toEqual([]);
    expect(await submitSplitting(['https://x/1', 'https://x/2'], apiTaking(1, 400).submit, alone)).toEqual([]);
    expect(alone).toEqual(['big.pdf', 'https://x/1', 'https://x/2']);
  });

  it('lets any other failure through', async () => {
    const failing = async (): Promise<BatchRecord> => {
      throw DocformatApiError.fromAnswer(401, { type: 'about:blank', title: 'no', status: 401, code: 'UNAUTHORIZED', detail: 'no' });
    };
    await expect(submitSplitting(['a'], failing, [])).rejects.toMatchObject({ status: 401 });
  });
});
