import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's Logger calls (`new Logger('jobs').log({ event, jobId })`) as pino lines:
 * the object's fields at the top level, the Nest context as `context`. The same
 * lines nestjs-pino writes, without its per-request AsyncLocalStorage, whose
 * promise hooks cost every request in the API (the worker still uses nestjs-pino).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; what comes between message and context is the text of the line. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const rest = params.length > 0 ? params.slice(0, -1) : [];
    if (params.length > 0) fields['context'] = params[params.length - 1];
    if (message instanceof Error) {
      fields['err'] = message;
      this.logger[level](fields, ...(rest as [string?]));
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level](Object.assign(fields, message), ...(rest as [string?]));
    } else if (
      level === 'error' &&
      typeof message === 'string' &&
      rest.length === 1 &&
      typeof rest[0] === 'string' &&
      /\n\s*at /.test(rest[0])
    ) {
      // Nest's own exception handlers call error(message, stack, context).
      const err = new Error(message);
      err.stack = rest[0];
      this.logger.error({ ...fields, err });
    } else {
      this.logger[level](fields, String(message), ...(rest as [string?]));
    }
  }
}
