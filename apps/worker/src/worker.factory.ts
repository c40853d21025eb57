import type { AppConfig } from '@docformat/config';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule, type WorkerOptions } from './worker.module';

/**
 * Builds the worker exactly as it runs (no HTTP server: an application context).
 * It is consuming jobs when this resolves; close() shuts it down gracefully.
 */
export async function createWorkerApp(config: AppConfig, options: WorkerOptions = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config, options), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  return app;
}
