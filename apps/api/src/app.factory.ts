import type { AppConfig } from '@docformat/config';
import { asyncStdout, loggerOptions } from '@docformat/logging';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { registerQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { answerFrameworkError } from './http/framework-errors';
import { MAX_BODY_BYTES, registerJsonBodyParser } from './http/json-body.parser';
import { registerResponseHeaders } from './http/response-headers.hook';
import { registerUploads } from './jobs/upload/uploads.plugin';
import { PinoNestLogger } from './logging/pino-nest-logger';
import { logRequests } from './logging/request-logger';
import { setupOpenApi } from './openapi/openapi';
import { registerWebPage } from './web/web-page.plugin';

/**
 * Fastify (a third of the CPU per request that Express took here; see docs/performance.md,
 * "Where it stands"), configured to answer as the API did on Express: routes
 * match without regard to case or a trailing slash, ids of any length reach the
 * controller (and get its 404), idle connections are kept 5 s (Node's default),
 * and a URL with broken percent-encoding is a problem like any other error.
 */
function fastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    keepAliveTimeout: 5000,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 8192 },
    frameworkErrors: answerFrameworkError,
  });
}

/** Builds the API exactly as it runs; tests boot this same app over real HTTP (after ready()). */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), fastifyAdapter(), {
    // JSON is parsed by our own content-type parser so every failure becomes a problem.
    bodyParser: false,
    bufferLogs: true,
  });
  const logger = pino(loggerOptions('api', config.LOG_LEVEL), asyncStdout());
  app.useLogger(new PinoNestLogger(logger));
  logRequests(app.getHttpServer(), logger);
  const fastify = app.getHttpAdapter().getInstance();
  registerJsonBodyParser(fastify);
  await registerUploads(app, config);
  await registerQueueDashboard(app, config);
  registerResponseHeaders(fastify);
  // Malformed HTTP gets Node's own bare 400 and a closed connection, not Fastify's JSON.
  app.getHttpServer().removeAllListeners('clientError');
  // Exit through process.exit once closed, so the 'exit' handlers run: the async log
  // destination flushes its last lines, and `--cpu-prof` writes its profile.
  app.enableShutdownHooks(undefined, { useProcessExit: true });
  setupOpenApi(app);
  if (!(await registerWebPage(app))) {
    logger.warn({ event: 'web.page_not_built' }, 'The web page is not built (npm run build): / answers 404');
  }
  return app;
}
