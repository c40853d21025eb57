import type { AppConfig } from '@docformat/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { setupOpenApi } from './openapi/openapi';

/** Builds the API exactly as it runs; tests boot this same app over real HTTP. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    // JSON is parsed inside Nest (JsonBodyMiddleware) so parse errors become problems.
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  setupOpenApi(app);
  return app;
}
