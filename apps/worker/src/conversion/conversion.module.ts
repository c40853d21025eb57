import type { AppConfig } from '@docformat/config';
import { Global, Logger, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { OCR_ENGINE_MB, configureOcrEngines, pinCanvasModule, terminateOcr } from '@docformat/converters';
import { ConversionPool, type ConversionPoolOptions } from './conversion-pool';
import { recycleMarkMb } from './thread-recycling';
import { WorkerShare, maxConcurrency } from '../worker-share/worker-share.service';

/** Where the thread entry lives and how threads start; only tests change these. */
export type ConversionThreadOptions = Pick<ConversionPoolOptions, 'filename' | 'execArgv' | 'env'>;

const MB = 1024 * 1024;

@Global()
@Module({})
export class ConversionModule implements OnModuleInit, OnApplicationShutdown {
  static register(config: AppConfig, thread: ConversionThreadOptions = {}): DynamicModule {
    return {
      module: ConversionModule,
      providers: [
        {
          provide: ConversionPool,
          inject: [WorkerShare],
          useFactory: (share: WorkerShare) => {
            const logger = new Logger('conversion');
            // Skia in the main thread too, so that threads ending never unload it (see pinCanvasModule).
            pinCanvasModule();
            // One pool of OCR engines for the whole process, shared by its conversion
            // threads: a second engine starts only while it fits under the memory mark.
            configureOcrEngines({
              maxEngines: config.OCR_THREADS,
              roomForAnother: () => process.memoryUsage.rss() + OCR_ENGINE_MB * MB <= config.WORKER_MAX_RSS_MB * MB,
            });
            const pool = new ConversionPool({
              threads: maxConcurrency(config),
              maxMemoryMb: config.CONVERSION_MAX_MEMORY_MB,
              timeoutMs: config.CONVERSION_TIMEOUT_MS,
              maxTasksPerThread: config.CONVERSION_MAX_TASKS_PER_THREAD,
              recycleRssMb: recycleMarkMb(config.WORKER_MAX_RSS_MB),
              ...thread,
              onError: (error) => logger.error({ event: 'conversion.thread_error', err: error }),
              onRecycle: (event) => logger.log({ event: 'conversion.thread_recycled', ...event }),
            });
            pool.setShare(share.current);
            share.onChange((next) => pool.setShare(next));
            return pool;
          },
        },
      ],
      exports: [ConversionPool],
    };
  }

  constructor(private readonly pool: ConversionPool) {}

  /** Before the consumer starts (onApplicationBootstrap): no job is taken by a worker that cannot convert. */
  async onModuleInit(): Promise<void> {
    await this.pool.selfTest();
  }

  /** After the consumer has stopped (onModuleDestroy), so no job still needs a thread. */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
    await terminateOcr();
  }
}
