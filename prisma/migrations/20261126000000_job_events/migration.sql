-- Job events: every move of a job to COMPLETED or FAILED, and every deletion, is
-- announced on the channel `docformat_job_events` with the job's id as payload.
-- A trigger, so that no code path that ends a job (the worker's completion, a
-- failure, a cancellation, giving up after the last attempt) can forget it, and
-- NOTIFY, so the announcement is sent at commit and only then: a listener that
-- re-reads the row always sees the new state. Long-polls (`GET /job/{id}?wait=`)
-- wait for it on any API process, and workers stop a conversion that was cancelled.
CREATE FUNCTION docformat_notify_job_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('docformat_job_events', OLD.id::text);
  ELSE
    PERFORM pg_notify('docformat_job_events', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_finished_event
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW
  WHEN (NEW.status IN ('COMPLETED', 'FAILED') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION docformat_notify_job_event();

CREATE TRIGGER jobs_deleted_event
  AFTER DELETE ON jobs
  FOR EACH ROW
  EXECUTE FUNCTION docformat_notify_job_event();

-- GET /jobs pages through a client's jobs newest first, keyset on (created_at, id).
DROP INDEX "jobs_owner_id_created_at_idx";
CREATE INDEX "jobs_owner_id_created_at_id_idx" ON "jobs"("owner_id", "created_at", "id");
