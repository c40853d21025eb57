import { ClientBatchRepository, JobProcessingRepository } from '@docformat/db';
import { prismaRepository } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { DeliverWebhookUseCase } from './deliver-webhook.usecase';
import { WebhookConsumer } from './webhook.consumer';

@Module({
  providers: [prismaRepository(JobProcessingRepository), prismaRepository(ClientBatchRepository), DeliverWebhookUseCase, WebhookConsumer],
})
export class WebhooksModule {}
