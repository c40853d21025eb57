import { JobFailure } from '@docformat/contracts';
import { conversionOutOfMemory, conversionTimeout, formatSeconds, fromThreadFailure, isOutOfMemory } from './thread-failure';

describe('thread failures', () => {
  it('says how long a timed-out conversion ran, in seconds', () => {
    expect(conversionTimeout(120_000)).toMatchObject({
      code: 'CONVERSION_TIMEOUT',
      message: 'The conversion took longer than 120 seconds and was stopped',
      transient: false,
    });
    expect(formatSeconds(1500)).toBe('1.5 seconds');
    expect(formatSeconds(1000)).toBe('1 second');
  });

  it('reports a thread out of memory as a permanent FILE_TOO_LARGE', () => {
    expect(conversionOutOfMemory(1024)).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The document needs more than 1024 MiB of memory to convert',
      transient: false,
    });
    expect(isOutOfMemory(Object.assign(new Error('oom'), { code: 'ERR_WORKER_OUT_OF_MEMORY' }))).toBe(true);
    expect(isOutOfMemory(new Error('worker exited with code: 1'))).toBe(false);
  });

  it('turns a reported failure back into a JobFailure, but an internal one into a plain Error with the detail', () => {
    const expected = fromThreadFailure({ ok: false, code: 'ENCRYPTED_DOCUMENT', message: 'The PDF is encrypted.' });
    expect(expected).toBeInstanceOf(JobFailure);
    expect(expected).toMatchObject({ code: 'ENCRYPTED_DOCUMENT', message: 'The PDF is encrypted.' });

    const internal = fromThreadFailure({
      ok: false,
      code: 'INTERNAL_ERROR',
      message: 'An internal error stopped the conversion',
      detail: 'TypeError: boom\n    at reader.ts:1',
    });
    expect(internal).not.toBeInstanceOf(JobFailure);
    expect(internal.message).toContain('TypeError: boom');
  });
});
