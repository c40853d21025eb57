import { lookup as systemLookup } from 'node:dns';
import { isIP, Socket, type LookupFunction } from 'node:net';

/**
 * A tripwire for the fetcher's tests: every TCP connect in the process is inspected and
 * anything but 127.0.0.0/8 or ::1 is blocked before a packet is sent, and recorded.
 * IP-literal connects are checked as they start; host-name connects have their lookup
 * wrapped, so the very addresses handed to the kernel are the ones checked.
 */
export interface LoopbackGuard {
  /** Every address a socket was allowed to dial. */
  readonly dialed: string[];
  /** Every non-loopback address something tried to dial (must stay empty). */
  readonly violations: string[];
  reset(): void;
  uninstall(): void;
}

export function isLoopback(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, '');
  return /^127\.\d+\.\d+\.\d+$/.test(ip) || ip === '::1';
}

type ConnectOptions = { host?: unknown; path?: unknown; lookup?: LookupFunction };

export function installLoopbackGuard(): LoopbackGuard {
  const dialed: string[] = [];
  const violations: string[] = [];
  const original = Socket.prototype.connect;

  const admit = (addresses: string[]): boolean => {
    const bad = addresses.filter((a) => !isLoopback(a));
    violations.push(...bad);
    if (bad.length === 0) dialed.push(...addresses);
    return bad.length === 0;
  };

  const guardLookup =
    (inner: LookupFunction): LookupFunction =>
    (hostname, options, callback) =>
      inner(hostname, options, (error, address, family) => {
        if (!error) {
          const list = Array.isArray(address) ? address.map((a) => a.address) : [address];
          if (!admit(list)) return callback(new Error(`loopback guard blocked ${list.join(', ')}`), '', 0);
        }
        callback(error, address, family);
      });

  Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
    // net.createConnection passes its normalised [options, callback] array as one argument.
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const options = first as ConnectOptions | undefined;
    if (options && typeof options === 'object' && (options.path === undefined || options.path === null)) {
      const host = typeof options.host === 'string' ? options.host : 'localhost';
      if (isIP(host)) {
        if (!admit([host])) throw new Error(`loopback guard blocked ${host}`);
      } else {
        options.lookup = guardLookup(options.lookup ?? (systemLookup as unknown as LookupFunction));
      }
    }
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof Socket.prototype.connect;

  return {
    dialed,
    violations,
    reset() {
      dialed.length = 0;
      violations.length = 0;
    },
    uninstall() {
      Socket.prototype.connect = original;
    },
  };
}
