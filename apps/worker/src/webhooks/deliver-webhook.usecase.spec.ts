import type { AppConfig } from '@docformat/config';
import type {
  ApiTokenRepository,
  ClientBatchRepository,
  AttemptOutcome,
  DeliveryToSend,
  JobProcessingRepository,
  WebhookRepository,
} from '@docformat/db';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliverWebhookUseCase, RetryDeliveryError } from './deliver-webhook.usecase';

const JOB = '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11';
let server: Server;
let status = 200;
let url = '';

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function setup(config: Partial<AppConfig>, delivery: Partial<DeliveryToSend> = {}) {
  const recorded: AttemptOutcome[] = [];
  const webhooks = {
    find: async (): Promise<DeliveryToSend> => ({
      id: 'd1',
      jobId: JOB,
      batchId: null,
      ownerId: 'o1',
      url,
      event: 'job.completed',
      status: 'PENDING',
      attempts: 0,
      firstAttemptAt: null,
      ...delivery,
    }),
    recordAttempt: async (_id: string, outcome: AttemptOutcome) => void recorded.push(outcome),
  };
  const row = {
    id: JOB,
    ownerId: 'o1',
    type: 'format',
    status: 'COMPLETED',
    fileUrl: 'https://example.com/a.txt',
    requestedFormats: ['text'],
    options: null,
    pages: 1,
    attempts: 1,
    result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] },
    errorCode: null,
    errorMessage: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    startedAt: new Date(),
    completedAt: new Date(),
    uploadId: null,
    webhookUrl: url,
    sourceSha256: null,
    conversionKey: null,
    batchId: null,
    batchIndex: null,
    outputs: [{ format: 'text', content: 'hi', json: null }],
  };
  const useCase = new DeliverWebhookUseCase(
    {
      WEBHOOK_MAX_BODY_BYTES: 1 << 20,
      WEBHOOK_TIMEOUT_MS: 2000,
      WEBHOOK_RETRY_SECONDS: 3600,
      FETCH_ALLOW_PRIVATE: true,
      ...config,
    } as AppConfig,
    webhooks as unknown as WebhookRepository,
    { findWithOutputs: async () => row } as unknown as JobProcessingRepository,
    { webhookSecret: async () => 'whsec_test' } as unknown as ApiTokenRepository,
    { find: async () => null } as unknown as ClientBatchRepository,
  );
  return { useCase, recorded };
}

describe('DeliverWebhookUseCase', () => {
  it('records a 2xx as delivered', async () => {
    status = 204;
    const t = setup({});
    await expect(t.useCase.execute('d1')).resolves.toBe('delivered');
    expect(t.recorded).toEqual([{ delivered: true }]);
  });

  it('retries another answer while the retry time lasts', async () => {
    status = 503;
    const t = setup({});
    await expect(t.useCase.execute('d1')).rejects.toBeInstanceOf(RetryDeliveryError);
    expect(t.recorded).toEqual([{ delivered: false, error: 'The receiver answered 503', final: false }]);
  });

  it('fails for good once WEBHOOK_RETRY_SECONDS have passed since the first attempt', async () => {
    status = 500;
    const t = setup({}, { attempts: 9, firstAttemptAt: new Date(Date.now() - 3601_000) });
    await expect(t.useCase.execute('d1')).resolves.toBe('failed');
    expect(t.recorded).toEqual([{ delivered: false, error: 'The receiver answered 500', final: true }]);
  });

  it('fails at once, without retrying, a URL that points at a private address', async () => {
    const t = setup({ FETCH_ALLOW_PRIVATE: false });
    await expect(t.useCase.execute('d1')).resolves.toBe('failed');
    expect(t.recorded).toHaveLength(1);
    expect(t.recorded[0]).toMatchObject({ delivered: false, final: true });
    expect((t.recorded[0] as { error: string }).error).toMatch(/loopback/i);
  });

  it('skips a delivery that is not pending any more', async () => {
    const t = setup({}, { status: 'DELIVERED' });
    await expect(t.useCase.execute('d1')).resolves.toBe('skipped');
    expect(t.recorded).toEqual([]);
  });
});
