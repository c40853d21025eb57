import { Module } from '@nestjs/common';
import { DeliverWebhookUseCase } from './deliver-webhook.usecase';
import { WebhookConsumer } from './webhook.consumer';

@Module({
  providers: [DeliverWebhookUseCase, WebhookConsumer],
})
export class WebhooksModule {}
