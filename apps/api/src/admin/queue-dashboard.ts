import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { AppConfig } from '@docformat/config';
import { ProblemCode, QueueName } from '@docformat/contracts';
import { REDIS } from '@docformat/infra';
import { openDashboardQueues } from '@docformat/queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import { sendProblem } from '../http/problem-response';
import { isAdminAuthorized } from './admin-credentials';

export const DASHBOARD_PATH = '/admin/queues';

const REALM = 'docformat admin';

const DESCRIPTIONS: Record<QueueName, string> = {
  [QueueName.CONVERSION]: 'One entry per conversion or extraction job (the entry id is the job id); Postgres holds the job itself.',
  [QueueName.WEBHOOK]: 'One entry per webhook delivery, retried with backoff until delivered or out of time.',
};

/**
 * The page and its assets come from this origin only, so the board works offline and
 * tells no third party that it was opened (Bull Board's page links a web font, which
 * falls back to the system's). Styles may be inline: the page's loading screen is.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/** Reads only: the methods the board's page and JSON API use to look. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Bull Board at /admin/queues when ADMIN_TOKEN is set; without it no route exists
 * (404, as for any unknown path). Its routes are Fastify's, outside Nest, so neither
 * the client-token guard nor the problem filter sees them: this scope checks the
 * admin token itself, before anything else runs, and answers refusals as problems.
 *
 * Read-only by design: Postgres is the record of every job, and retrying, removing or
 * adding queue entries from the board would bypass what the API does around them
 * (cancellation, fair priorities, webhooks). The board shows both queues; the API
 * (cancel, delete) and the sweep (re-queueing) change them.
 */
export async function registerQueueDashboard(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const adminToken = config.ADMIN_TOKEN;
  if (adminToken === undefined) return;
  const { queues, close } = openDashboardQueues(app.get<Redis>(REDIS), config.QUEUE_PREFIX);
  const board = new FastifyAdapter();
  board.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map(
      (queue) => new BullMQAdapter(queue, { readOnlyMode: true, allowRetries: false, description: DESCRIPTIONS[queue.name as QueueName] }),
    ),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'docformat queues' } },
  });
  await app.register(
    async (scope: FastifyInstance) => {
      scope.addHook('onRequest', (request, reply, done) => admit(request, reply, done, adminToken));
      scope.addHook('onSend', (request, reply, payload, done) => {
        reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
        reply.header('Referrer-Policy', 'no-referrer');
        reply.header('X-Content-Type-Options', 'nosniff');
        // Queue entries are operational data behind a password: never kept by a browser or a proxy.
        // The assets' file names carry their content's hash, so they may be kept (by the browser only).
        reply.header('Cache-Control', request.url.startsWith(`${DASHBOARD_PATH}/static/`) ? 'private, max-age=3600' : 'no-store');
        done(null, payload);
      });
      scope.addHook('onClose', close);
      await scope.register(board.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}

/** The admin token, then a reading method; anything else is answered here and goes no further. */
function admit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, adminToken: string): void {
  const authorization = request.headers.authorization;
  if (!isAdminAuthorized(authorization, adminToken)) {
    // Basic first: a browser prompts for it (any user name, the admin token as password).
    reply.header('WWW-Authenticate', [`Basic realm="${REALM}", charset="UTF-8"`, `Bearer realm="${REALM}"`]);
    sendProblem(reply, {
      status: 401,
      code: ProblemCode.UNAUTHORIZED,
      title: 'Unauthorized',
      detail: authorization
        ? 'These credentials do not open the queue dashboard: it takes ADMIN_TOKEN, not a client token.'
        : 'Send ADMIN_TOKEN as "Authorization: Bearer <ADMIN_TOKEN>", or as the password of HTTP Basic credentials.',
    });
    return;
  }
  if (!READ_METHODS.has(request.method)) {
    reply.header('Allow', 'GET, HEAD');
    sendProblem(reply, {
      status: 405,
      code: ProblemCode.METHOD_NOT_ALLOWED,
      title: 'Method Not Allowed',
      detail: 'The queue dashboard is read-only: cancel or delete jobs through the API.',
    });
    return;
  }
  done();
}
