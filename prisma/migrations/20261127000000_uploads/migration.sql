-- Uploaded documents (POST /format as multipart/form-data), where every worker on
-- every machine can read them. The API streams the file into chunks of at most
-- 1 MiB as it arrives (so no process holds a whole upload), marks the upload
-- complete, and only then creates the job that points at it.
CREATE TABLE "uploads" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "sha256" CHAR(64),
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "upload_chunks" (
    "upload_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "upload_chunks_pkey" PRIMARY KEY ("upload_id", "seq")
);

-- The sweep deletes uploads that never became a job (a client that hung up, a
-- request refused after its file arrived): incomplete or unreferenced, by age.
CREATE INDEX "uploads_created_at_idx" ON "uploads"("created_at");

ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "jobs" ADD COLUMN "upload_id" UUID;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "jobs_upload_id_idx" ON "jobs"("upload_id");

-- An upload is read by its job's conversion and then has no further use: it goes
-- when the job ends (COMPLETED or FAILED, cancelled included) or is deleted, by the
-- same trigger points that announce job events, so no path can leave bytes behind.
CREATE FUNCTION docformat_drop_job_upload() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM uploads WHERE id = OLD.upload_id;
  ELSE
    DELETE FROM uploads WHERE id = NEW.upload_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_finished_drop_upload
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (NEW.upload_id IS NOT NULL AND NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION docformat_drop_job_upload();

CREATE TRIGGER jobs_deleted_drop_upload
  AFTER DELETE ON jobs
  FOR EACH ROW
  WHEN (OLD.upload_id IS NOT NULL)
  EXECUTE FUNCTION docformat_drop_job_upload();
