-- Batches (issue 32 part 4): many jobs submitted together, read, cancelled and deleted
-- as one, with one webhook once every job has ended. `unfinished` counts the jobs that
-- have not ended; the trigger below takes one off as each ends (or goes while
-- unfinished). Its UPDATE holds the batch row's lock, so concurrent endings on any
-- number of workers queue behind one another and exactly one of them sees it reach 0:
-- that one statement makes the batch's delivery (ADR 0017).
CREATE TABLE "batches" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "webhook_url" TEXT,
    "total" INTEGER NOT NULL,
    "unfinished" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "batches_unfinished" CHECK ("unfinished" >= 0 AND "unfinished" <= "total")
);
CREATE INDEX "batches_owner_id_idx" ON "batches"("owner_id");
ALTER TABLE "batches" ADD CONSTRAINT "batches_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A job's batch and its place in it (the order of the request's files, which pages follow).
ALTER TABLE "jobs" ADD COLUMN "batch_id" UUID;
ALTER TABLE "jobs" ADD COLUMN "batch_index" INTEGER;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "jobs_batch_id_batch_index_key" ON "jobs"("batch_id", "batch_index");

-- A delivery is a job's or a batch's, never both.
ALTER TABLE "webhook_deliveries" ALTER COLUMN "job_id" DROP NOT NULL;
ALTER TABLE "webhook_deliveries" ADD COLUMN "batch_id" UUID;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "webhook_deliveries_batch_id_key" ON "webhook_deliveries"("batch_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_one_owner" CHECK (num_nonnulls("job_id", "batch_id") = 1);

CREATE FUNCTION docformat_batch_job_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  batch UUID := CASE WHEN TG_OP = 'DELETE' THEN OLD.batch_id ELSE NEW.batch_id END;
  ended UUID;
BEGIN
  WITH counted AS (
    UPDATE batches
       SET unfinished = unfinished - 1,
           completed_at = CASE WHEN unfinished = 1 THEN now() ELSE completed_at END
     WHERE id = batch AND unfinished > 0
 RETURNING id, unfinished, webhook_url
  ), delivery AS (
    INSERT INTO webhook_deliveries (batch_id, url, event)
    SELECT id, webhook_url, 'batch.completed' FROM counted WHERE unfinished = 0 AND webhook_url IS NOT NULL
    ON CONFLICT (batch_id) DO NOTHING
  )
  SELECT id INTO ended FROM counted WHERE unfinished = 0;
  -- The batch's long-polls wait on the job events channel, under the batch's id.
  IF ended IS NOT NULL THEN
    PERFORM pg_notify('docformat_job_events', ended::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_finished_batch
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (NEW.batch_id IS NOT NULL AND NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status IN ('CREATED', 'IN_PROGRESS'))
  EXECUTE FUNCTION docformat_batch_job_ended();

-- A job deleted before it ended will never end: the batch stops waiting for it.
CREATE TRIGGER jobs_deleted_batch
  AFTER DELETE ON jobs
  FOR EACH ROW
  WHEN (OLD.batch_id IS NOT NULL AND OLD.status IN ('CREATED', 'IN_PROGRESS'))
  EXECUTE FUNCTION docformat_batch_job_ended();
