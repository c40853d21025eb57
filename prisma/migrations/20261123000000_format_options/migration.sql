-- The conversion options from the request's format object (ocr, languages, pages,
-- pageMarkers). NULL for jobs created before options existed: all defaults.
ALTER TABLE "jobs" ADD COLUMN "options" JSONB;
