import { JobFailure } from '@docformat/contracts';
import { formatBytes, formatSeconds, httpStatusFailure, networkFailure } from './failures';

const errno = (code: string) => Object.assign(new Error(`internal detail ${code}\n    at secret (/srv/app.js:1:1)`), { code });

describe('networkFailure', () => {
  it.each([
    ['ENOTFOUND', false, 'The host docs.test could not be found'],
    ['EAI_AGAIN', true, 'The host docs.test could not be resolved right now'],
    ['ECONNREFUSED', true, 'The server at docs.test:8080 refused the connection'],
    ['ECONNRESET', true, 'The connection to docs.test:8080 was interrupted'],
    ['ETIMEDOUT', true, 'The server at docs.test:8080 did not answer in time'],
    ['EHOSTUNREACH', true, 'The server at docs.test:8080 could not be reached'],
    ['CERT_HAS_EXPIRED', false, 'A secure connection to docs.test:8080 could not be established (certificate or TLS error)'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', false, 'A secure connection to docs.test:8080 could not be established (certificate or TLS error)'],
    ['HPE_INVALID_CONSTANT', false, 'The server at docs.test:8080 sent an invalid HTTP response'],
    ['ESOMETHINGELSE', true, 'The download from docs.test:8080 failed'],
  ])('%s → transient=%s', (code, transient, message) => {
    const failure = networkFailure('docs.test', 'docs.test:8080', errno(code));
    expect(failure).toBeInstanceOf(JobFailure);
    expect(failure).toMatchObject({ code: 'DOWNLOAD_FAILED', transient, message });
    expect(failure.cause).toMatchObject({ code });
  });

  it('passes JobFailures through untouched', () => {
    const original = new JobFailure('FILE_TOO_LARGE', 'x');
    expect(networkFailure('h', 'h', original)).toBe(original);
  });

  it('copes with non-errors', () => {
    expect(networkFailure('h', 'h', 'a string').message).toBe('The download from h failed');
  });
});

describe('httpStatusFailure', () => {
  it('uses the standard reason phrase and knows which statuses are worth retrying', () => {
    expect(httpStatusFailure('h', 404, 'Not Found')).toMatchObject({ transient: false, message: 'The server at h answered 404 Not Found' });
    expect(httpStatusFailure('h', 599, undefined)).toMatchObject({ transient: true, message: 'The server at h answered 599' });
  });
});

describe('formatting', () => {
  it('formats seconds and sizes plainly', () => {
    expect(formatSeconds(30_000)).toBe('30 seconds');
    expect(formatSeconds(1000)).toBe('1 second');
    expect(formatSeconds(250)).toBe('0.3 seconds');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(4096 * 1024 * 1024)).toBe('4 GiB');
    expect(formatBytes(100)).toBe('100 bytes');
  });
});
