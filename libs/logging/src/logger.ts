import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * One JSON object per line, ISO timestamps, level names instead of numbers, and
 * credentials redacted wherever a request is logged.
 */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'token'], censor: '[redacted]' },
  };
}

export function createLogger(service: string, level: string): Logger {
  return pino(loggerOptions(service, level));
}

export type { Logger };
