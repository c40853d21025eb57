-- One long document across the fleet (issue 31): a job whose document is long is cut
-- into page ranges, each a child entry in the queue that any worker takes. Postgres
-- keeps what a range costs to redo: the document (so no range downloads it again, and
-- a URL that changed meanwhile cannot mix two versions) and each finished range's part,
-- so a flushed Redis or a lost worker costs at most the ranges that were running.
CREATE TABLE "job_splits" (
    "job_id" UUID NOT NULL,
    "plan" JSONB NOT NULL,
    "source" JSONB NOT NULL,
    "document" BYTEA NOT NULL,
    "converter_version" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 1,
    "assemble_attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_splits_pkey" PRIMARY KEY ("job_id")
);
ALTER TABLE "job_splits" ADD CONSTRAINT "job_splits_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "job_ranges" (
    "job_id" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "pages" INTEGER[],
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "part" BYTEA,
    "error_code" TEXT,
    "error_message" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_ranges_pkey" PRIMARY KEY ("job_id", "idx"),
    CONSTRAINT "job_ranges_status" CHECK ("status" IN ('PENDING', 'RUNNING', 'DONE'))
);
ALTER TABLE "job_ranges" ADD CONSTRAINT "job_ranges_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job_splits"("job_id") ON DELETE CASCADE ON UPDATE CASCADE;
-- The per-client cap counts running ranges; the fairness sweep counts pending ones.
CREATE INDEX "job_ranges_status_idx" ON "job_ranges"("status");

-- A split's document and parts have no use once its job has ended (COMPLETED, or
-- FAILED, cancelled included): they go by trigger, as an upload does, so no path that
-- ends a job can leave them behind. Deleting the job deletes them by cascade.
CREATE FUNCTION docformat_drop_job_split() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_splits WHERE job_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_finished_drop_split
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION docformat_drop_job_split();
