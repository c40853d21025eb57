import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';
import { addressRefused } from './failures';

/**
 * Resolves a host name to every address it has. Injectable so tests never depend on
 * real DNS; errors should carry a DNS `code` such as ENOTFOUND.
 */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = Parameters<LookupFunction>[2];

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

/**
 * A `lookup` for net/tls sockets that resolves, refuses the whole host if ANY address is
 * refused, and hands the socket only the addresses it checked. The socket connects to
 * what this returns, so there is no second resolution an attacker could rebind between
 * check and connect.
 */
export function createPinnedLookup(resolve: ResolveHost, policy: AddressPolicy): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    Promise.resolve()
      .then(() => resolve(hostname))
      .then(
        (resolved) => {
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const addresses = resolved.filter((entry) => wanted === 0 || entry.family === wanted);
          if (addresses.length === 0) return callback(notFound(hostname), '', 0);
          for (const { address } of addresses) {
            const reason = policy(address);
            if (reason) return callback(addressRefused(hostname, address, reason), '', 0);
          }
          if (options.all)
            return callback(
              null,
              addresses.map(({ address, family }) => ({ address, family })),
            );
          return callback(null, addresses[0].address, addresses[0].family);
        },
        (error: unknown) => callback(asErrno(error), '', 0),
      );
  };
}

function asErrno(error: unknown): NodeJS.ErrnoException {
  return error instanceof Error ? error : new Error(String(error));
}
