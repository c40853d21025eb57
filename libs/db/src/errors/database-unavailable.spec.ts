import { Prisma } from '../prisma-client';
import { isDatabaseUnavailable } from './database-unavailable';

/** A Prisma error as the client builds it from a driver adapter failure. */
function prismaError(code: string, cause: Record<string, unknown>, message = 'Invalid invocation'): Error {
  return new Prisma.PrismaClientKnownRequestError(message, {
    code,
    clientVersion: '7',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });
}

function errno(code: string, message = `connect ${code} 127.0.0.1:5432`): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each(['P1001', 'P1002', 'P1017', 'P2024'])('knows Prisma connection code %s', (code) => {
    expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError('x', { code, clientVersion: '7' }))).toBe(true);
  });

  it('sees through a raw query failure (P2010) to the adapter saying the server is unreachable', () => {
    const error = prismaError('P2010', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each(['ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])('knows the adapter kind %s', (kind) => {
    expect(isDatabaseUnavailable(prismaError('P2010', { kind }))).toBe(true);
  });

  it.each(['57P01', '57P02', '57P03', '08006', '08001', '53300'])('knows SQLSTATE %s passed through the adapter', (code) => {
    expect(isDatabaseUnavailable(prismaError('P2010', { kind: 'postgres', code, severity: 'FATAL', message: 'x' }))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN'])('knows socket error %s, also as a cause', (code) => {
    expect(isDatabaseUnavailable(errno(code))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: errno(code) }))).toBe(true);
  });

  it('knows node-postgres errors that carry no code', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Can't reach database server at db:5432"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
  });

  it('looks inside an AggregateError (IPv4 and IPv6 both refused)', () => {
    expect(isDatabaseUnavailable(new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], 'connect failed'))).toBe(true);
  });

  it('leaves query errors and bugs alone', () => {
    expect(isDatabaseUnavailable(prismaError('P2002', { kind: 'UniqueConstraintViolation' }))).toBe(false);
    expect(
      isDatabaseUnavailable(prismaError('P2010', { kind: 'postgres', code: '42601', severity: 'ERROR', message: 'syntax error' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(prismaError('P2021', { kind: 'TableDoesNotExist' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('survives a cyclic cause chain', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
