import { Socket, type LookupFunction } from 'node:net';
import { installLoopbackGuard } from './loopback-guard';

// The guard is the safety net of the fetch tests, so it is tested too — against a fake
// Socket#connect, so that even a broken guard sends nothing anywhere.
describe('loopback guard', () => {
  const real = Socket.prototype.connect;
  let passedThrough: unknown[][];

  beforeEach(() => {
    passedThrough = [];
    Socket.prototype.connect = function fake(this: Socket, ...args: unknown[]) {
      passedThrough.push(args);
      return this;
    } as typeof Socket.prototype.connect;
  });

  afterEach(() => {
    Socket.prototype.connect = real;
  });

  const connect = (options: object) =>
    (Socket.prototype.connect as (...a: unknown[]) => Socket).call(Object.create(Socket.prototype), [options, () => undefined]);

  it('blocks a non-loopback IP literal before the real connect', () => {
    const guard = installLoopbackGuard();
    try {
      expect(() => connect({ host: '192.0.2.1', port: 80, path: null })).toThrow(/blocked 192\.0\.2\.1/);
      expect(passedThrough).toHaveLength(0);
      expect(guard.violations).toEqual(['192.0.2.1']);
      connect({ host: '127.0.0.1', port: 80, path: null });
      expect(guard.dialed).toEqual(['127.0.0.1']);
    } finally {
      guard.uninstall();
    }
  });

  it('blocks a non-loopback answer of the lookup a socket would use', async () => {
    const guard = installLoopbackGuard();
    try {
      const lookup: LookupFunction = (_host, _options, callback) => callback(null, [{ address: '192.0.2.1', family: 4 }]);
      const options = { host: 'evil.test', port: 80, path: null, lookup };
      connect(options);
      const error = await new Promise<Error | null>((resolve) => options.lookup('evil.test', { all: true }, (e) => resolve(e)));
      expect(error?.message).toMatch(/blocked 192\.0\.2\.1/);
      expect(guard.violations).toEqual(['192.0.2.1']);
      expect(guard.dialed).toEqual([]);
    } finally {
      guard.uninstall();
    }
  });
});
