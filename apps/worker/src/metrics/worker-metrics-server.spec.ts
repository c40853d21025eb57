import type { AppConfig } from '@docformat/config';
import { WorkerMetrics } from '@docformat/metrics';
import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { WorkerMetricsServer } from './worker-metrics-server';

beforeAll(() => Logger.overrideLogger(false));

const service = (config: Partial<AppConfig>) => new WorkerMetricsServer(config as AppConfig, new WorkerMetrics(new Registry()));

describe('WorkerMetricsServer', () => {
  it('opens no port when METRICS_PORT is unset', async () => {
    const server = service({ METRICS_PORT: undefined });
    await server.onModuleInit();
    expect(server.port).toBeNull();
    await server.onApplicationShutdown();
  });

  it('fails the start when METRICS_PORT is taken', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '0.0.0.0', resolve));
    try {
      const server = service({ METRICS_PORT: (squatter.address() as AddressInfo).port });
      await expect(server.onModuleInit()).rejects.toThrow(/EADDRINUSE/);
      expect(server.port).toBeNull();
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
