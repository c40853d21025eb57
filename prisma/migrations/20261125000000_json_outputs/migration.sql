-- Outputs are text (markdown, text) or, for a format with a JSON media type, a JSON
-- value: stored as JSON so that the API returns the value itself in formats.<name>,
-- not a string holding it. Existing outputs are text and stay as they are.
ALTER TABLE "job_outputs" ALTER COLUMN "content" DROP NOT NULL;
ALTER TABLE "job_outputs" ADD COLUMN "json" JSONB;
ALTER TABLE "job_outputs" ADD CONSTRAINT "job_outputs_one_body" CHECK (("content" IS NULL) <> ("json" IS NULL));
