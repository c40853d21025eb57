-- Every job keeps the document tree it read (the intermediate document as JSON),
-- written in the statement that completes it, so other formats can be rendered from
-- it later without downloading or parsing the source again (GET /job/{id}/formats/
-- {name}). A table of its own, like the outputs: polls and status updates never drag
-- a tree along. An extraction job's findings (the json tree, tables, links, images)
-- sit beside its tree, read only by GET /job/{id} of that job. Deleting a job deletes
-- both (and, with the jobs, anything that removes old jobs removes their trees).
CREATE TABLE "job_documents" (
    "job_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "tree" JSONB NOT NULL,
    "extraction" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_documents_pkey" PRIMARY KEY ("job_id")
);
ALTER TABLE "job_documents" ADD CONSTRAINT "job_documents_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Formats rendered on demand from a stored tree, one row per format and set of its
-- options (`key`, such as "chunks?maxTokens=256&overlapTokens=32&strategy=size"), so
-- the same request is answered from here the second time. The body is kept as the
-- text that was sent (JSON formats too), byte for byte.
CREATE TABLE "job_renditions" (
    "job_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "render_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_renditions_pkey" PRIMARY KEY ("job_id", "key")
);
ALTER TABLE "job_renditions" ADD CONSTRAINT "job_renditions_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
