import { BlockList } from 'node:net';
import { bareAddress, embeddedIPv4, ipFamily } from './ip-address';

/** One refused range and the words the refusal message uses for it. */
export interface RefusedRange {
  readonly cidr: string;
  readonly reason: string;
}

// Order matters: the first match names the reason, so narrower ranges come first.
export const REFUSED_IPV4_RANGES: readonly RefusedRange[] = [
  { cidr: '0.0.0.0/8', reason: 'unspecified ("this network")' },
  { cidr: '10.0.0.0/8', reason: 'private' },
  { cidr: '100.64.0.0/10', reason: 'shared (carrier-grade NAT)' },
  { cidr: '127.0.0.0/8', reason: 'loopback' },
  { cidr: '169.254.169.254/32', reason: 'link-local (cloud metadata service)' },
  { cidr: '169.254.0.0/16', reason: 'link-local' },
  { cidr: '172.16.0.0/12', reason: 'private' },
  { cidr: '192.0.0.0/24', reason: 'reserved for IETF protocols' },
  { cidr: '192.0.2.0/24', reason: 'reserved for documentation' },
  { cidr: '192.88.99.0/24', reason: 'reserved (6to4 relay anycast)' },
  { cidr: '192.168.0.0/16', reason: 'private' },
  { cidr: '198.18.0.0/15', reason: 'reserved for benchmarking' },
  { cidr: '198.51.100.0/24', reason: 'reserved for documentation' },
  { cidr: '203.0.113.0/24', reason: 'reserved for documentation' },
  { cidr: '224.0.0.0/4', reason: 'multicast' },
  { cidr: '255.255.255.255/32', reason: 'broadcast' },
  { cidr: '240.0.0.0/4', reason: 'reserved' },
];

export const REFUSED_IPV6_RANGES: readonly RefusedRange[] = [
  { cidr: '::/128', reason: 'unspecified' },
  { cidr: '::1/128', reason: 'loopback' },
  // Deprecated IPv4-compatible form; nothing legitimate lives here.
  { cidr: '::/96', reason: 'reserved (IPv4-compatible)' },
  { cidr: '64:ff9b:1::/48', reason: 'reserved (local-use NAT64)' },
  { cidr: '100::/64', reason: 'reserved (discard-only)' },
  { cidr: '2001:db8::/32', reason: 'reserved for documentation' },
  // Includes Teredo (2001::/32), whose embedded IPv4 address is obfuscated.
  { cidr: '2001::/23', reason: 'reserved for IETF protocols' },
  { cidr: '3fff::/20', reason: 'reserved for documentation' },
  { cidr: 'fc00::/7', reason: 'private (unique local)' },
  { cidr: 'fe80::/10', reason: 'link-local' },
  { cidr: 'fec0::/10', reason: 'site-local' },
  { cidr: 'ff00::/8', reason: 'multicast' },
];

interface CompiledRange {
  readonly list: BlockList;
  readonly reason: string;
}

function compile(ranges: readonly RefusedRange[], type: 'ipv4' | 'ipv6'): CompiledRange[] {
  return ranges.map(({ cidr, reason }) => {
    const [network, prefix] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(network, Number(prefix), type);
    return { list, reason };
  });
}

const IPV4 = compile(REFUSED_IPV4_RANGES, 'ipv4');
const IPV6 = compile(REFUSED_IPV6_RANGES, 'ipv6');
const GLOBAL_UNICAST_V6 = compile([{ cidr: '2000::/3', reason: '' }], 'ipv6')[0].list;

function match(ranges: CompiledRange[], address: string, type: 'ipv4' | 'ipv6'): string | null {
  return ranges.find((range) => range.list.check(address, type))?.reason ?? null;
}

/**
 * Why `address` may not be fetched from, or null when it is a public address. Words
 * like "loopback" or "private" go straight into the client-facing message.
 */
export function refusalReason(address: string): string | null {
  const ip = bareAddress(address);
  const family = ipFamily(ip);
  if (family === 4) return match(IPV4, ip, 'ipv4');
  if (family !== 6) return 'not an IP address';

  const reason = match(IPV6, ip, 'ipv6');
  if (reason) return reason;
  const v4 = embeddedIPv4(ip);
  if (v4) return match(IPV4, v4, 'ipv4');
  // Everything outside 2000::/3 that is not handled above is unassigned or special.
  return GLOBAL_UNICAST_V6.check(ip, 'ipv6') ? null : 'reserved';
}

/** Says why an address is refused, or null to allow it. */
export type AddressPolicy = (address: string) => string | null;

export interface AddressPolicyOptions {
  /** Lifts every address check (local development and tests only). */
  allowPrivate: boolean;
  /** An allow-list consulted first: true lets an otherwise refused address through. */
  isAllowedAddress?: (address: string) => boolean;
}

export function createAddressPolicy({ allowPrivate, isAllowedAddress }: AddressPolicyOptions): AddressPolicy {
  if (allowPrivate) return () => null;
  return (address) => {
    const ip = bareAddress(address);
    if (isAllowedAddress?.(ip)) return null;
    return refusalReason(ip);
  };
}
