import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from './logger';

function capture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('loggerOptions', () => {
  it('writes one JSON line per event with service, level name, ISO time and the job id', () => {
    const { lines, stream } = capture();
    const logger = pino(loggerOptions('worker', 'info'), stream);
    logger.info({ event: 'job.completed', jobId: 'j-1' }, 'done');
    logger.debug('hidden below info');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({ level: 'info', service: 'worker', event: 'job.completed', jobId: 'j-1', msg: 'done' });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  it('redacts bearer tokens from logged requests', () => {
    const { lines, stream } = capture();
    pino(loggerOptions('api', 'info'), stream).info({ req: { headers: { authorization: 'Bearer secret' } } });
    expect(lines[0]).not.toContain('secret');
    expect(JSON.parse(lines[0] as string).req.headers.authorization).toBe('[redacted]');
  });
});
