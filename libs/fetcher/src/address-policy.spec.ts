import { createAddressPolicy, refusalReason } from './address-policy';
import { embeddedIPv4, ipv6Groups } from './ip-address';

describe('refusalReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', '6to4'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'IETF'],
    ['100::1', 'discard'],
    ['4000::1', 'reserved'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusalReason(address)).toContain(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(refusalReason(address)).toBeNull();
  });
});

describe('ipv6Groups / embeddedIPv4', () => {
  it('expands compressed and dotted forms', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(ipv6Groups('2001:db8:0:0:1:0:0:1')).toEqual([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]);
    expect(() => ipv6Groups('1.2.3.4')).toThrow(TypeError);
  });

  it('finds the IPv4 address inside mapped, NAT64 and 6to4 addresses only', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
    expect(embeddedIPv4('10.0.0.1')).toBeNull();
  });
});

describe('createAddressPolicy', () => {
  it('applies the built-in ranges by default', () => {
    const policy = createAddressPolicy({ allowPrivate: false });
    expect(policy('127.0.0.1')).toBe('loopback');
    expect(policy('8.8.8.8')).toBeNull();
  });

  it('allows everything with allowPrivate', () => {
    const policy = createAddressPolicy({ allowPrivate: true });
    expect(policy('127.0.0.1')).toBeNull();
    expect(policy('169.254.169.254')).toBeNull();
  });

  it('lets an allow-list admit specific addresses and nothing else', () => {
    const policy = createAddressPolicy({ allowPrivate: false, isAllowedAddress: (a) => a === '127.0.0.1' });
    expect(policy('127.0.0.1')).toBeNull();
    expect(policy('[127.0.0.1]')).toBeNull();
    expect(policy('127.0.0.2')).toBe('loopback');
    expect(policy('10.0.0.1')).toBe('private');
  });
});
