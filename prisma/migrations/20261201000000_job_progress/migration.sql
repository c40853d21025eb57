-- Job progress: how many of a running job's pages are converted, out of how many, for
-- `progress: {pagesDone, pages}` in GET /job/{id} while it runs. Kept on the job's row
-- (two integers, null until the worker knows the page count), so a poll reads it with
-- the rest of the record. pages_done never goes down, across retries too: the worker
-- writes it with GREATEST (JobProcessingRepository.recordProgress).
ALTER TABLE "jobs" ADD COLUMN "pages_total" INTEGER,
ADD COLUMN "pages_done" INTEGER;

-- Every change of pages_done is announced on `docformat_job_progress` with the job's
-- id as payload, at commit, as the job events are (20261126000000_job_events). A
-- channel of its own, so the listeners of `docformat_job_events` (long-polls waiting
-- for the end, workers watching for a cancellation) never hear it: only long-polls
-- that ask for progress (`GET /job/{id}?wait=N&progress=1`) wait for it.
CREATE FUNCTION docformat_notify_job_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('docformat_job_progress', NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_progress_event
  AFTER UPDATE OF pages_done ON jobs
  FOR EACH ROW
  WHEN (NEW.pages_done IS DISTINCT FROM OLD.pages_done)
  EXECUTE FUNCTION docformat_notify_job_progress();
