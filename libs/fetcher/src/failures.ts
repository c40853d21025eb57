import { JobErrorCode, JobFailure, isJobFailure } from '@docformat/contracts';

// Every message here is shown to API clients: it names the host and says what went
// wrong in plain words. The underlying error rides along as `cause` for the logs only.

export function urlNotAllowed(message: string): JobFailure {
  return new JobFailure(JobErrorCode.URL_NOT_ALLOWED, message, false);
}

export function addressRefused(hostname: string, address: string, reason: string): JobFailure {
  return urlNotAllowed(`The address of ${hostname} (${address}) is ${reason} and may not be fetched`);
}

/** For IP-literal URLs, where there is no host name to speak of. */
export function literalRefused(address: string, reason: string): JobFailure {
  return urlNotAllowed(`The address ${address} is ${reason} and may not be fetched`);
}

export function tooLarge(host: string, maxBytes: number): JobFailure {
  return new JobFailure(JobErrorCode.FILE_TOO_LARGE, `The document at ${host} is larger than the limit of ${formatBytes(maxBytes)}`, false);
}

export function timedOut(host: string, ms: number): JobFailure {
  return downloadFailed(`The server at ${host} did not answer within ${formatSeconds(ms)}`, true);
}

export function cancelled(host: string): JobFailure {
  // Transient: the caller (a shutting-down worker) gave up, not the origin.
  return downloadFailed(`The download from ${host} was cancelled`, true);
}

export function tooManyRedirects(host: string, max: number): JobFailure {
  return downloadFailed(`The server at ${host} sent too many redirects (more than ${max})`, false);
}

export function downloadFailed(message: string, transient: boolean, cause?: unknown): JobFailure {
  return new JobFailure(JobErrorCode.DOWNLOAD_FAILED, message, transient, cause === undefined ? undefined : { cause });
}

/** 408 and 429 and every 5xx may clear up by themselves; other 4xx will not. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function httpStatusFailure(host: string, status: number, statusText: string | undefined): JobFailure {
  // The reason phrase comes from our own table, never from the origin: it is shown to
  // clients and the origin's text is arbitrary.
  const text = statusText ? `${status} ${statusText}` : String(status);
  return downloadFailed(`The server at ${host} answered ${text}`, isTransientStatus(status));
}

const DNS_NOT_FOUND = new Set(['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA']);
const DNS_TRY_AGAIN = new Set(['EAI_AGAIN', 'ESERVFAIL', 'ETIMEOUT']);
const INTERRUPTED = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);

function isTlsCode(code: string): boolean {
  return /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/.test(code);
}

/**
 * Maps a socket/DNS/TLS/parser error to a JobFailure. `hostname` is the bare host (for
 * DNS messages), `host` includes the port (for messages about the server).
 */
export function networkFailure(hostname: string, host: string, error: unknown): JobFailure {
  if (isJobFailure(error)) return error;
  const code = errorCode(error);
  if (DNS_NOT_FOUND.has(code)) return downloadFailed(`The host ${hostname} could not be found`, false, error);
  if (DNS_TRY_AGAIN.has(code)) return downloadFailed(`The host ${hostname} could not be resolved right now`, true, error);
  if (code === 'ECONNREFUSED') return downloadFailed(`The server at ${host} refused the connection`, true, error);
  if (INTERRUPTED.has(code)) return downloadFailed(`The connection to ${host} was interrupted`, true, error);
  if (code === 'ETIMEDOUT') return downloadFailed(`The server at ${host} did not answer in time`, true, error);
  if (UNREACHABLE.has(code)) return downloadFailed(`The server at ${host} could not be reached`, true, error);
  if (isTlsCode(code)) {
    return downloadFailed(`A secure connection to ${host} could not be established (certificate or TLS error)`, false, error);
  }
  if (code.startsWith('HPE_')) return downloadFailed(`The server at ${host} sent an invalid HTTP response`, false, error);
  return downloadFailed(`The download from ${host} failed`, true, error);
}

export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return '';
}

export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} bytes`;
}
