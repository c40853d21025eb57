import { JobFailure } from '@docformat/contracts';
import type { LookupAddress } from 'node:dns';
import { installLoopbackGuard, type LoopbackGuard } from '../test/loopback-guard';
import { startServer, type LocalServer } from '../test/local-server';
import { fetchDocument } from './http-fetch';
import type { FetchOptions } from './fetch-types';
import type { ResolveHost } from './pinned-lookup';

// Address-safety tests. allowPrivate is false throughout; the only traffic allowed is to
// the local test server on 127.0.0.1, and the loopback guard blocks and records anything
// else, so a regression fails a test instead of sending packets anywhere.

jest.setTimeout(10_000);

const base: FetchOptions = { maxBytes: 1024 * 1024, timeoutMs: 3000, allowPrivate: false };

async function failure(promise: Promise<unknown>): Promise<JobFailure> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JobFailure);
  return error as JobFailure;
}

/** A resolver that answers from a table and counts its calls per host. */
function table(entries: Record<string, string[][] | string[]>): ResolveHost & { calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    const n = (calls[hostname] = (calls[hostname] ?? 0) + 1);
    const entry = entries[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    // A list of lists answers differently on each call (the last answer repeats).
    const answer = (Array.isArray(entry[0]) ? entry[Math.min(n, entry.length) - 1] : entry) as string[];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

let guard: LoopbackGuard;
let server: LocalServer;
let redirectTo: string;

beforeAll(async () => {
  guard = installLoopbackGuard();
  server = await startServer((request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: redirectTo }).end();
    } else if (request.url?.startsWith('/hop?to=')) {
      // One hop of a redirect chain: the next location is in the query.
      response.writeHead(302, { location: decodeURIComponent(request.url.slice('/hop?to='.length)) }).end();
    } else {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    }
  });
});

afterAll(async () => {
  await server.close();
  guard.uninstall();
});

beforeEach(() => {
  guard.reset();
  server.requests.length = 0;
});

afterEach(() => {
  expect(guard.violations).toEqual([]);
});

describe('URL checks', () => {
  it.each(['ftp://example.com/file.pdf', 'file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'gopher://x/'])(
    'refuses the scheme of %s',
    async (url) => {
      const error = await failure(fetchDocument(url, base));
      expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', transient: false });
      expect(error.message).toMatch(/only http and https/);
    },
  );

  it('refuses an invalid URL', async () => {
    const error = await failure(fetchDocument('not a url', base));
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', message: 'The document URL is not a valid URL' });
  });

  it('refuses credentials in the URL', async () => {
    const error = await failure(fetchDocument('http://user:secret@docs.test/a.pdf', base));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).not.toContain('secret');
  });
});

describe('IP-literal URLs are refused before any connection attempt', () => {
  it.each([
    ['http://10.0.0.1/', '10.0.0.1', 'private'],
    ['http://172.16.5.4/', '172.16.5.4', 'private'],
    ['http://192.168.1.1/', '192.168.1.1', 'private'],
    ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://127.0.0.1./', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7F.0.0.1./', '127.0.0.1', 'loopback'],
    ['http://017700000001/', '127.0.0.1', 'loopback'],
    ['http://0xa.1/', '10.0.0.1', 'private'],
    ['http://012.0.0.1/', '10.0.0.1', 'private'],
    ['http://0xA9.0xFE.0xA9.0xFE/', '169.254.169.254', 'cloud metadata'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloud metadata'],
    ['http://100.64.0.1/', '100.64.0.1', 'carrier-grade NAT'],
    ['http://224.0.0.1/', '224.0.0.1', 'multicast'],
    ['http://240.0.0.1/', '240.0.0.1', 'reserved'],
    ['http://255.255.255.255/', '255.255.255.255', 'broadcast'],
    ['http://198.18.0.1/', '198.18.0.1', 'benchmarking'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[::]/', '::', 'IPv6 unspecified'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe', 'cloud metadata'],
    ['http://[fd00::1]/', 'fd00::1', 'private (unique local)'],
    ['http://[fe80::1]/', 'fe80::1', 'link-local'],
    ['http://[ff02::1]/', 'ff02::1', 'multicast'],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1', 'private'],
    ['http://[2002:c0a8:101::1]/', '2002:c0a8:101::1', 'private'],
    ['https://10.0.0.1/', '10.0.0.1', 'private'],
  ])('%s', async (url, address, reason) => {
    const error = await failure(fetchDocument(url, base));
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', transient: false });
    expect(error.message).toBe(`The address ${address} is ${reasonText(reason)} and may not be fetched`);
    expect(guard.dialed).toEqual([]);
  });
});

function reasonText(fragment: string): string {
  const known: Record<string, string> = {
    'cloud metadata': 'link-local (cloud metadata service)',
    'carrier-grade NAT': 'shared (carrier-grade NAT)',
    unspecified: 'unspecified ("this network")',
    benchmarking: 'reserved for benchmarking',
    'IPv6 unspecified': 'unspecified',
  };
  return known[fragment] ?? fragment;
}

describe('host names are checked against what they resolve to', () => {
  it('refuses localhost (real system resolver, /etc/hosts)', async () => {
    const error = await failure(fetchDocument('http://localhost:9/', base));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toMatch(/^The address of localhost \((127\.0\.0\.1|::1)\) is loopback and may not be fetched$/);
    expect(guard.dialed).toEqual([]);
  });

  it('refuses a name that resolves to 127.0.0.1', async () => {
    const lookup = table({ 'rebind.test': ['127.0.0.1'] });
    const error = await failure(fetchDocument(`http://rebind.test:${server.port}/`, { ...base, lookup }));
    expect(error.message).toBe('The address of rebind.test (127.0.0.1) is loopback and may not be fetched');
    expect(guard.dialed).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is private, whatever comes first', async () => {
    const lookup = table({ 'mixed.test': ['203.0.113.9', '10.0.0.7'] });
    const error = await failure(fetchDocument('http://mixed.test/', { ...base, lookup, isAllowedAddress: (a) => a === '203.0.113.9' }));
    expect(error.message).toBe('The address of mixed.test (10.0.0.7) is private and may not be fetched');
    expect(guard.dialed).toEqual([]);
  });

  it('refuses cloud metadata reached through a name', async () => {
    const lookup = table({ 'metadata.test': ['169.254.169.254'] });
    const error = await failure(fetchDocument('http://metadata.test/latest/meta-data/', { ...base, lookup }));
    expect(error.message).toContain('(169.254.169.254) is link-local (cloud metadata service)');
  });

  it('refuses a name that resolves to an IPv4-mapped IPv6 loopback', async () => {
    const lookup = table({ 'mapped.test': ['::ffff:127.0.0.1'] });
    const error = await failure(fetchDocument('http://mapped.test/', { ...base, lookup }));
    expect(error.message).toContain('is loopback');
    expect(guard.dialed).toEqual([]);
  });
});

// In these tests 127.0.0.1 stands in for a public address: an allow-list admits it, and
// 127.0.0.2 plays the private address an attacker rebinds to. Both are loopback, so
// nothing leaves the machine whatever the fetcher does.
describe('DNS rebinding', () => {
  const publicStandIn = { isAllowedAddress: (address: string) => address === '127.0.0.1' };

  it('resolves once per connection and connects to exactly the address it checked', async () => {
    const lookup = table({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
    const document = await fetchDocument(`http://rebind.test:${server.port}/`, { ...base, ...publicStandIn, lookup });
    expect(document.bytes.toString()).toBe('hello');
    // A separate pre-check lookup would have been answered 127.0.0.1 and the connect-time
    // one 127.0.0.2: there is only the one, and its answer is where the socket went.
    expect(lookup.calls['rebind.test']).toBe(1);
    expect(guard.dialed).toEqual(['127.0.0.1']);
    expect(server.requests.map((r) => r.localAddress)).toEqual(['127.0.0.1']);
  });

  it('refuses when the connect-time answer is private even if an earlier one was not', async () => {
    const lookup = table({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
    // First hop resolves to the allowed address; the redirect back to the same name makes
    // a new connection, the name now answers 127.0.0.2, and that answer is refused.
    redirectTo = `http://rebind.test:${server.port}/again`;
    const error = await failure(fetchDocument(`http://rebind.test:${server.port}/redirect`, { ...base, ...publicStandIn, lookup }));
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', transient: false });
    expect(error.message).toBe('The address of rebind.test (127.0.0.2) is loopback and may not be fetched');
    expect(lookup.calls['rebind.test']).toBe(2);
    expect(guard.dialed).toEqual(['127.0.0.1']);
    expect(server.requests.map((r) => r.url)).toEqual(['/redirect']);
  });
});

describe('redirects are checked hop by hop', () => {
  const firstHopAllowed = { isAllowedAddress: (address: string) => address === '127.0.0.1' };

  it.each([
    ['an IP literal in a private range', 'http://10.1.2.3/secret', 'The address 10.1.2.3 is private and may not be fetched'],
    [
      'cloud metadata',
      'http://169.254.169.254/latest/meta-data/',
      'The address 169.254.169.254 is link-local (cloud metadata service) and may not be fetched',
    ],
    ['IPv6 loopback', 'http://[::1]/', 'The address ::1 is loopback and may not be fetched'],
    [
      'a name resolving to a private address',
      'http://internal.test/',
      'The address of internal.test (10.9.8.7) is private and may not be fetched',
    ],
  ])('refuses a redirect to %s', async (_label, location, message) => {
    redirectTo = location;
    const lookup = table({ 'internal.test': ['10.9.8.7'] });
    const error = await failure(fetchDocument(server.url('/redirect'), { ...base, ...firstHopAllowed, lookup }));
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', transient: false, message });
    expect(guard.dialed).toEqual(['127.0.0.1']);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['an octal IPv4 literal', 'http://012.1.2.3/', 'The address 10.1.2.3 is private and may not be fetched'],
    ['a hex IPv4 literal in two parts', 'http://0xa.1/', 'The address 10.0.0.1 is private and may not be fetched'],
    ['a 32-bit decimal IPv4 literal', 'http://167772161/', 'The address 10.0.0.1 is private and may not be fetched'],
    ['an IPv4 literal with a trailing dot', 'http://10.0.0.1./', 'The address 10.0.0.1 is private and may not be fetched'],
    [
      'a loopback literal in octal other than the one allowed here',
      'http://0177.0.0.2/',
      'The address 127.0.0.2 is loopback and may not be fetched',
    ],
    [
      'a name resolving to a private address',
      'http://internal.test/',
      'The address of internal.test (10.9.8.7) is private and may not be fetched',
    ],
  ])('refuses a chain of public-looking hops that ends at %s', async (_label, last, message) => {
    // cdn.public.test and www.public.test stand for public hosts: they resolve to the one
    // address the stand-in policy allows, so the first two hops connect and redirect.
    const lookup = table({ 'cdn.public.test': ['127.0.0.1'], 'www.public.test': ['127.0.0.1'], 'internal.test': ['10.9.8.7'] });
    const hop = (host: string, to: string) => `http://${host}:${server.port}/hop?to=${encodeURIComponent(to)}`;
    const start = hop('cdn.public.test', hop('www.public.test', last));
    const error = await failure(fetchDocument(start, { ...base, ...firstHopAllowed, lookup }));
    expect(error).toMatchObject({ code: 'URL_NOT_ALLOWED', transient: false, message });
    expect(guard.dialed).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(server.requests.map((r) => r.url?.slice(0, 8))).toEqual(['/hop?to=', '/hop?to=']);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'gopher://127.0.0.1:70/'])('refuses a redirect to %s', async (location) => {
    redirectTo = location;
    const error = await failure(fetchDocument(server.url('/redirect'), { ...base, ...firstHopAllowed }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toMatch(/^The redirect from 127\.0\.0\.1:\d+ uses \w+: but only http and https URLs may be fetched$/);
  });

  it('follows an allowed redirect', async () => {
    redirectTo = '/plain';
    const document = await fetchDocument(server.url('/redirect'), { ...base, ...firstHopAllowed });
    expect(document.finalUrl).toBe(server.url('/plain'));
  });
});

describe('allowPrivate', () => {
  it('lifts the address check', async () => {
    const document = await fetchDocument(server.url('/plain'), { ...base, allowPrivate: true });
    expect(document.bytes.toString()).toBe('hello');
    expect(guard.dialed).toEqual(['127.0.0.1']);
  });

  it('without it the same URL is refused', async () => {
    const error = await failure(fetchDocument(server.url('/plain'), base));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(server.requests).toHaveLength(0);
  });
});
