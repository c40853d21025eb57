import { isIPv4, isIPv6 } from 'node:net';

/** Drops URL brackets and a zone index (`fe80::1%eth0`) so the text is a plain address. */
export function bareAddress(text: string): string {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = unbracketed.indexOf('%');
  return zone === -1 ? unbracketed : unbracketed.slice(0, zone);
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, dotted tail folded). */
export function ipv6Groups(address: string): number[] {
  if (!isIPv6(address)) throw new TypeError(`not an IPv6 address: ${address}`);
  let text = address;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  if (tail === undefined) return headGroups.map((g) => parseInt(g, 16));
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16));
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Transition prefixes whose packets end up at an IPv4 address carried inside the IPv6
 * one. A connect to `::ffff:127.0.0.1` on a dual-stack socket IS a connect to 127.0.0.1,
 * and a NAT64 or 6to4 gateway forwards to the embedded address, so those must be judged
 * by the IPv4 rules.
 */
export function embeddedIPv4(address: string): string | null {
  if (!isIPv6(address)) return null;
  const g = ipv6Groups(address);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4FromGroups(g[6], g[7]);
  // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765)
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return ipv4FromGroups(g[6], g[7]);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix, RFC 6052)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4FromGroups(g[6], g[7]);
  // 2002:aabb:ccdd::/48 (6to4, RFC 3056)
  if (g[0] === 0x2002) return ipv4FromGroups(g[1], g[2]);
  return null;
}

export function ipFamily(address: string): 4 | 6 | 0 {
  if (isIPv4(address)) return 4;
  if (isIPv6(address)) return 6;
  return 0;
}
