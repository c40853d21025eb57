-- The pictures a job kept of its document (format.images referenced or embedded, or an
-- extraction), numbered in reading order as its outputs and tree link them, written in
-- the statement that completes it: GET /job/{id}/images/{n} serves them and the bundle
-- zips them. A table of their own, like the outputs and the tree, so nothing else drags
-- the bytes along. Deleting a job deletes them (and anything that removes old jobs).
CREATE TABLE "job_images" (
    "job_id" UUID NOT NULL,
    "n" INTEGER NOT NULL,
    "media_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "page" INTEGER,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_images_pkey" PRIMARY KEY ("job_id", "n")
);
ALTER TABLE "job_images" ADD CONSTRAINT "job_images_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
