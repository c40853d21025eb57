import type { ApiClient } from '@docformat/db';
import { TokenAuthenticator } from './token-authenticator';

const alice: ApiClient = { id: '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11', name: 'alice' };

/** Stands in for the repository: which tokens are valid now, and how often it was asked. */
function fakeTokens(valid: Map<string, ApiClient>) {
  const calls: string[] = [];
  return {
    calls,
    authenticate: async (token: string) => {
      calls.push(token);
      if (token === 'explodes') throw new Error('database down');
      return valid.get(token) ?? null;
    },
  };
}

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenAuthenticator', () => {
  it('looks a token up once per TTL', async () => {
    const time = clock();
    const tokens = fakeTokens(new Map([['t-alice', alice]]));
    const auth = new TokenAuthenticator(tokens, 5000, time.now);
    expect(await auth.authenticate('t-alice')).toEqual(alice);
    expect(await auth.authenticate('t-alice')).toEqual(alice);
    expect(tokens.calls).toHaveLength(1);
    time.advance(5000);
    await auth.authenticate('t-alice');
    expect(tokens.calls).toHaveLength(2);
  });

  it('sees a revocation once the cached entry expires', async () => {
    const time = clock();
    const valid = new Map([['t-alice', alice]]);
    const auth = new TokenAuthenticator(fakeTokens(valid), 5000, time.now);
    await auth.authenticate('t-alice');
    valid.delete('t-alice'); // revoked
    expect(await auth.authenticate('t-alice')).toEqual(alice);
    time.advance(5000);
    expect(await auth.authenticate('t-alice')).toBeNull();
  });

  it('remembers refused tokens for the TTL too', async () => {
    const time = clock();
    const tokens = fakeTokens(new Map());
    const auth = new TokenAuthenticator(tokens, 5000, time.now);
    expect(await auth.authenticate('guess')).toBeNull();
    expect(await auth.authenticate('guess')).toBeNull();
    expect(tokens.calls).toEqual(['guess']);
  });

  it('keeps valid tokens cached through a flood of refused ones', async () => {
    const tokens = fakeTokens(new Map([['t-alice', alice]]));
    const auth = new TokenAuthenticator(tokens, 60_000, clock().now);
    await auth.authenticate('t-alice');
    for (let i = 0; i < 20_000; i++) await auth.authenticate(`guess-${i}`);
    tokens.calls.length = 0;
    expect(await auth.authenticate('t-alice')).toEqual(alice);
    expect(tokens.calls).toEqual([]);
  });

  it('shares one look-up between concurrent requests with the same token', async () => {
    const tokens = fakeTokens(new Map([['t-alice', alice]]));
    const auth = new TokenAuthenticator(tokens, 5000, clock().now);
    await Promise.all(Array.from({ length: 64 }, () => auth.authenticate('t-alice')));
    expect(tokens.calls).toHaveLength(1);
  });

  it('does not remember a failed look-up', async () => {
    const tokens = fakeTokens(new Map());
    const auth = new TokenAuthenticator(tokens, 5000, clock().now);
    await expect(auth.authenticate('explodes')).rejects.toThrow('database down');
    await expect(auth.authenticate('explodes')).rejects.toThrow('database down');
    expect(tokens.calls).toHaveLength(2);
  });

  it('asks every time with a TTL of 0', async () => {
    const tokens = fakeTokens(new Map([['t-alice', alice]]));
    const auth = new TokenAuthenticator(tokens, 0, clock().now);
    await auth.authenticate('t-alice');
    await auth.authenticate('t-alice');
    expect(tokens.calls).toHaveLength(2);
  });
});

describe('TokenAuthenticator with a slow look-up', () => {
  it('counts the TTL from when the look-up started', async () => {
    const time = clock();
    let calls = 0;
    const slow = {
      authenticate: async () => {
        calls++;
        time.advance(4000); // the query took 4 s
        return alice;
      },
    };
    const auth = new TokenAuthenticator(slow, 5000, time.now);
    await auth.authenticate('t-alice');
    time.advance(1000);
    await auth.authenticate('t-alice');
    expect(calls).toBe(2);
  });
});
