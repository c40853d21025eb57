import { sampleValue, WorkerMetrics } from '@docformat/metrics';
import { Registry } from 'prom-client';
import { startMetricsServer, type MetricsServer } from './metrics-server';

const TOKEN = 'worker-scrape-token-0123456789';

async function start(
  token: string | undefined,
  registry: Registry,
  onError: (error: unknown) => void = () => undefined,
): Promise<MetricsServer> {
  // Port 0: the OS picks a free one; the config never allows 0, the server does not care.
  return startMetricsServer({ port: 0, host: '127.0.0.1', token, registry, onError });
}

describe('the worker metrics server', () => {
  const metrics = new WorkerMetrics(new Registry());
  let server: MetricsServer;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    metrics.jobCompleted('pdf');
    server = await start(TOKEN, metrics.registry);
  });
  afterAll(() => server.close());

  it('serves the registry in the Prometheus text format to a scrape with the token', async () => {
    const res = await fetch(url('/metrics'), { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(sampleValue(await res.text(), 'docformat_jobs_completed_total', { input: 'pdf' })).toBe(1);
  });

  it('answers 401 problem+json without the token, and with a wrong one', async () => {
    const missing = await fetch(url('/metrics'));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="docformat"');
    expect(await missing.json()).toEqual({
      type: 'urn:docformat:problem:unauthorized',
      title: 'Unauthorized',
      status: 401,
      detail: expect.stringContaining('METRICS_TOKEN'),
      code: 'UNAUTHORIZED',
    });

    const wrong = await fetch(url('/metrics'), { headers: { Authorization: 'Bearer not-the-metrics-token' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="docformat", error="invalid_token"');
    expect(await wrong.text()).not.toContain('docformat_jobs');
  });

  it('answers GET /health without a token, for liveness probes', async () => {
    const res = await fetch(url('/health'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
    const post = await fetch(url('/health'), { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('answers 404 for any other path and 405 for another method', async () => {
    const other = await fetch(url('/status'), { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'NOT_FOUND', type: 'urn:docformat:problem:not-found' });

    const post = await fetch(url('/metrics'), { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is open without a configured token', async () => {
    const open = await start(undefined, new WorkerMetrics(new Registry()).registry);
    try {
      const res = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE docformat_jobs_failed_total counter');
    } finally {
      await open.close();
    }
  });

  it('answers 500 and reports the error when the registry cannot render', async () => {
    const registry = new Registry();
    jest.spyOn(registry, 'metrics').mockRejectedValue(new Error('collector bug'));
    const errors: unknown[] = [];
    const broken = await start(undefined, registry, (error) => errors.push(error));
    try {
      const res = await fetch(`http://127.0.0.1:${broken.port}/metrics`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(errors).toEqual([new Error('collector bug')]);
    } finally {
      await broken.close();
    }
  });

  it('refuses to start on a port already in use', async () => {
    await expect(
      startMetricsServer({ port: server.port, host: '127.0.0.1', token: undefined, registry: new Registry(), onError: () => undefined }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
