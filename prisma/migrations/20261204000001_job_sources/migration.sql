-- Page images (issue 32, part 2): a job's PDF, PNG or JPEG source is kept for as long
-- as the job (PAGE_SOURCE_MAX_BYTES at most), so GET /job/{id}/pages/{n} draws a page
-- from the bytes that were converted, never by fetching the URL again (it may have
-- changed, or be gone). Unlike an upload or a split's document, it outlives the job's
-- end: it goes with the job, by cascade, which the retention sweep deletes.
CREATE TABLE "job_sources" (
    "job_id" UUID NOT NULL,
    "mime_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_sources_pkey" PRIMARY KEY ("job_id")
);
ALTER TABLE "job_sources" ADD CONSTRAINT "job_sources_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Drawn pages, per page, resolution and image format (`key`); a job keeps its newest 32.
CREATE TABLE "job_page_images" (
    "job_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "body" BYTEA NOT NULL,
    "render_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_page_images_pkey" PRIMARY KEY ("job_id", "key")
);
ALTER TABLE "job_page_images" ADD CONSTRAINT "job_page_images_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
