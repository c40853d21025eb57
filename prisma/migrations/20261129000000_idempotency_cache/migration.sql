-- Idempotency-Key on POST /format: a client's key names one job for 24 hours. The
-- primary key makes concurrent requests with one key agree on one job: the second
-- insert waits for the first's transaction and then finds the key taken.
CREATE TABLE "idempotency_keys" (
    "owner_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "job_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("owner_id", "key")
);
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The result cache: what a completed conversion was made from (the source's SHA-256)
-- and of (formats, options, converter version, as one key), so that a job with the
-- same bytes and the same key is completed from these outputs without converting.
ALTER TABLE "jobs" ADD COLUMN "source_sha256" CHAR(64);
ALTER TABLE "jobs" ADD COLUMN "conversion_key" TEXT;
CREATE INDEX "jobs_source_sha256_conversion_key_idx" ON "jobs"("source_sha256", "conversion_key") WHERE "status" = 'COMPLETED';

-- Retention: the sweep deletes terminal jobs older than JOB_RETENTION_DAYS, oldest first.
CREATE INDEX "jobs_completed_at_idx" ON "jobs"("completed_at") WHERE "status" IN ('COMPLETED', 'FAILED');
