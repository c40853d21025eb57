import type { LookupAddress } from 'node:dns';
import { JobFailure } from '@docformat/contracts';
import { createAddressPolicy } from './address-policy';
import { createPinnedLookup, type ResolveHost } from './pinned-lookup';

function run(resolve: ResolveHost, options: { all?: boolean; family?: number }, allowPrivate = false) {
  const lookup = createPinnedLookup(resolve, createAddressPolicy({ allowPrivate }));
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
    lookup('docs.test', options, (error, address, family) => done({ error, address, family })),
  );
}

const fixed =
  (...addresses: LookupAddress[]): ResolveHost =>
  async () =>
    addresses;

describe('createPinnedLookup', () => {
  it('hands back the checked address (single form)', async () => {
    const result = await run(fixed({ address: '8.8.8.8', family: 4 }), {});
    expect(result).toEqual({ error: null, address: '8.8.8.8', family: 4 });
  });

  it('hands back every checked address (all form, used by happy eyeballs)', async () => {
    const result = await run(fixed({ address: '8.8.8.8', family: 4 }, { address: '2606:4700::1', family: 6 }), { all: true });
    expect(result.address).toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
  });

  it('honours the family the socket asks for', async () => {
    const result = await run(fixed({ address: '8.8.8.8', family: 4 }, { address: '2606:4700::1', family: 6 }), { family: 6 });
    expect(result.address).toBe('2606:4700::1');
  });

  it('refuses the host when any address is private, even if a public one comes first', async () => {
    const result = await run(fixed({ address: '8.8.8.8', family: 4 }, { address: '10.0.0.5', family: 4 }), { all: true });
    expect(result.error).toBeInstanceOf(JobFailure);
    expect(result.error).toMatchObject({
      code: 'URL_NOT_ALLOWED',
      transient: false,
      message: 'The address of docs.test (10.0.0.5) is private and may not be fetched',
    });
  });

  it('lets private addresses through when allowed', async () => {
    const result = await run(fixed({ address: '127.0.0.1', family: 4 }), {}, true);
    expect(result.address).toBe('127.0.0.1');
  });

  it('reports an empty answer as ENOTFOUND', async () => {
    const result = await run(fixed(), {});
    expect(result.error?.code).toBe('ENOTFOUND');
  });

  it('passes resolver errors through, including synchronous throws', async () => {
    const rejecting = await run(async () => Promise.reject(Object.assign(new Error('x'), { code: 'EAI_AGAIN' })), {});
    expect(rejecting.error?.code).toBe('EAI_AGAIN');
    const throwing = await run(() => {
      throw new Error('boom');
    }, {});
    expect(throwing.error?.message).toBe('boom');
  });
});
