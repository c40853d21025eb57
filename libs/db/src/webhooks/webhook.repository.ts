import type { PrismaClient } from '../prisma-client';

/** What a delivery attempt needs: where, what happened, and whose secret signs it. */
export interface DeliveryToSend {
  id: string;
  /** The job whose end it reports, or null for a batch's delivery. */
  jobId: string | null;
  /** The batch whose end it reports (every job ended), or null for a job's delivery. */
  batchId: string | null;
  ownerId: string;
  url: string;
  event: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  /** When the first attempt was made; retries stop once the retry window from it has passed. */
  firstAttemptAt: Date | null;
}

export type AttemptOutcome = { delivered: true } | { delivered: false; error: string; final: boolean };

/**
 * Webhook deliveries: made by trigger when a job that asked for one ends; read and
 * updated by the worker that sends them, one attempt at a time.
 */
export class WebhookRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The pending deliveries a job's end may have made: its own, and its batch's when it
   * was the batch's last job to end.
   */
  async pendingFor(jobId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT d.id FROM webhook_deliveries d
       WHERE d.status = 'PENDING'
         AND (d.job_id = ${jobId}::uuid OR d.batch_id = (SELECT j.batch_id FROM jobs j WHERE j.id = ${jobId}::uuid))`;
    return rows.map((row) => row.id);
  }

  async find(deliveryId: string): Promise<DeliveryToSend | null> {
    const row = await this.prisma.webhookDelivery.findUnique({
      where: { id: deliveryId },
      include: { job: { select: { ownerId: true } }, batch: { select: { ownerId: true } } },
    });
    const ownerId = row?.job?.ownerId ?? row?.batch?.ownerId;
    if (!row || !ownerId) return null;
    const { job: _job, batch: _batch, ...delivery } = row;
    return {
      id: delivery.id,
      jobId: delivery.jobId,
      batchId: delivery.batchId,
      ownerId,
      url: delivery.url,
      event: delivery.event,
      status: delivery.status,
      attempts: delivery.attempts,
      firstAttemptAt: delivery.firstAttemptAt,
    };
  }

  /** Records one attempt: delivered, failed for now (still PENDING), or failed for good. Only a PENDING delivery changes. */
  async recordAttempt(deliveryId: string, outcome: AttemptOutcome): Promise<void> {
    const now = new Date();
    const common = { attempts: { increment: 1 }, lastAttemptAt: now };
    const data = outcome.delivered
      ? { ...common, status: 'DELIVERED' as const, deliveredAt: now, lastError: null }
      : { ...common, status: outcome.final ? ('FAILED' as const) : ('PENDING' as const), lastError: outcome.error };
    await this.prisma.webhookDelivery.updateMany({ where: { id: deliveryId, status: 'PENDING' }, data });
    await this.prisma.webhookDelivery.updateMany({ where: { id: deliveryId, firstAttemptAt: null }, data: { firstAttemptAt: now } });
  }

  /** Pending deliveries made before `before`, oldest first: the sweep queues those whose entry was lost. */
  async findPending(before: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { status: 'PENDING', createdAt: { lt: before } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }
}
