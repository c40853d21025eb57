import { createRedisConnection } from './redis-connection';
import { WorkerPresence, workerPresenceKey } from './worker-presence';

const prefix = `docformat-test-presence-${process.pid}`;
const TTL_MS = 5000;

describe('WorkerPresence (real Redis)', () => {
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', 'producer');
  const member = (memberId: string, hostId = 'host-a') => new WorkerPresence(redis, { prefix, hostId, memberId, ttlMs: TTL_MS });

  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterEach(() => redis.del(workerPresenceKey(prefix, 'host-a'), workerPresenceKey(prefix, 'host-b')));
  afterAll(() => redis.disconnect());

  it('answers every member of the host that has beaten within the TTL, this one included', async () => {
    const now = Date.now();
    await member('2-second').beat(now);
    expect(await member('1-first').beat(now + 10)).toEqual(['2-second', '1-first']);
    // Another host's workers do not count.
    expect(await member('3-elsewhere', 'host-b').beat(now + 20)).toEqual(['3-elsewhere']);
  });

  it('drops a member that has not beaten within the TTL (a killed process)', async () => {
    const now = Date.now();
    await member('gone').beat(now);
    await member('live').beat(now + TTL_MS / 2);
    expect(await member('live').beat(now + TTL_MS + 1)).toEqual(['live']);
  });

  it('forgets a member that leaves at once, and lets the key expire with its last member', async () => {
    const [a, b] = [member('a'), member('b')];
    await a.beat();
    await b.beat();
    await b.leave();
    expect(await a.beat()).toEqual(['a']);
    const ttl = await redis.pttl(workerPresenceKey(prefix, 'host-a'));
    expect(ttl).toBeGreaterThan(TTL_MS);
    expect(ttl).toBeLessThanOrEqual(TTL_MS * 2);
  });
});
