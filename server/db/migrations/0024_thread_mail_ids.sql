-- The customer thread's e-mails are threaded on the receipt and on each other
-- (docs/decisions/lead-messages.md). A Message-ID is `<mail job id@host>`; the job rows may be
-- cleaned up once sent, so what threading needs is kept with the lead and its messages.
--
-- The receipt's mail job id (the requested PDF's for a resource request), set by the database
-- when that job is queued with the lead: the lead's insert and its jobs are one statement, so an
-- AFTER trigger (run at its end, when the lead row is visible) is the one place that sees both.
ALTER TABLE "leads" ADD COLUMN "receipt_mail_job_id" uuid;
--> statement-breakpoint
UPDATE "leads" SET "receipt_mail_job_id" = (
  SELECT "mail_jobs"."id" FROM "mail_jobs"
  WHERE "mail_jobs"."lead_id" = "leads"."id" AND "mail_jobs"."kind" IN ('lead-receipt', 'resource-delivery')
  ORDER BY "mail_jobs"."created_at", "mail_jobs"."id" LIMIT 1
);
--> statement-breakpoint
CREATE FUNCTION "leads_note_receipt_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "receipt_mail_job_id" = NEW."id"
  WHERE "id" = NEW."lead_id" AND "receipt_mail_job_id" IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mail_jobs_note_receipt" AFTER INSERT ON "mail_jobs"
  FOR EACH ROW WHEN (NEW."kind" IN ('lead-receipt', 'resource-delivery') AND NEW."lead_id" IS NOT NULL)
  EXECUTE FUNCTION "leads_note_receipt_job"();
--> statement-breakpoint
-- A message's e-mail job id stays after the job row is gone: it is the message's Message-ID, which
-- the next message refers to and a customer's reply names in In-Reply-To.
ALTER TABLE "lead_messages" DROP CONSTRAINT IF EXISTS "lead_messages_mail_job_id_fkey";
