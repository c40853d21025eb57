import { parseWrkOutput, toMs } from './wrk';

const SAMPLE = `Running 10s test @ http://127.0.0.1:3000/format
  1 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   185.21ms  140.02ms   1.09s    83.91%
    Req/Sec   346.33     97.74     1.05k    69.00%
  Latency Distribution
     50%  150.28ms
     75%  200.36ms
     90%  310.49ms
     99%    1.09s
  3449 requests in 10.01s, 3.05MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 12
Requests/sec:    344.12
Transfer/sec:    312.10KB
`;

describe('parseWrkOutput', () => {
  it('reads the rate, the percentiles in milliseconds and the error counts', () => {
    expect(parseWrkOutput(SAMPLE)).toEqual({
      requestsPerSecond: 344.12,
      p50Ms: 150.28,
      p90Ms: 310.49,
      p99Ms: 1090,
      requests: 3449,
      non2xx: 12,
      socketErrors: 5,
    });
  });

  it('counts no errors when wrk prints none', () => {
    const clean = SAMPLE.replace(/^\s+Socket errors.*\n/m, '').replace(/^\s+Non-2xx.*\n/m, '');
    expect(parseWrkOutput(clean)).toMatchObject({ non2xx: 0, socketErrors: 0 });
  });

  it('refuses output without a latency distribution', () => {
    expect(() => parseWrkOutput('Requests/sec: 1\n  1 requests in 1s')).toThrow(/no 50% latency/);
  });
});

describe('toMs', () => {
  it.each([
    ['870.00us', 0.87],
    ['12.5ms', 12.5],
    ['1.08s', 1080],
    ['2.00m', 120_000],
  ])('%s is %f ms', (value, ms) => expect(toMs(value)).toBeCloseTo(ms, 6));
});
