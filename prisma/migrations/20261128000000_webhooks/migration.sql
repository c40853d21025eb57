-- Webhooks: a job may name a URL to be told when it ends; each token has a secret
-- that signs its deliveries (made when first needed, shown and rotated by the CLI).
ALTER TABLE "jobs" ADD COLUMN "webhook_url" TEXT;
ALTER TABLE "api_tokens" ADD COLUMN "webhook_secret" TEXT;

CREATE TYPE "WebhookStatus" AS ENUM ('PENDING', 'DELIVERED', 'FAILED');

-- One delivery per job that asked for one, made in the same transaction that ends the
-- job (a trigger, like the job events): no ended job can miss its delivery, whichever
-- process ended it. Its id is the Docformat-Delivery header, the same on every retry.
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "job_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" "WebhookStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_job_id_key" ON "webhook_deliveries"("job_id");
-- The sweep looks for pending deliveries whose queue entry was lost.
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION docformat_create_webhook_delivery() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (job_id, url, event)
  VALUES (NEW.id, NEW.webhook_url, CASE WHEN NEW.status = 'COMPLETED' THEN 'job.completed' ELSE 'job.failed' END)
  ON CONFLICT (job_id) DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_finished_webhook
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (NEW.webhook_url IS NOT NULL AND NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION docformat_create_webhook_delivery();
