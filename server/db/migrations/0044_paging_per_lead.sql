-- Whether a lead pages the on-call staff is a fact of the lead, decided when it is stored (an
-- insurer's assignment pages when it is marked urgent), no longer of its kind alone. Until now
-- only emergencies paged; an urgent assignment stored before was not paged and stays so.
ALTER TABLE "leads" ADD COLUMN "pages_on_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "leads" SET "pages_on_call" = true WHERE "kind" = 'akut-skade';--> statement-breakpoint
-- The inbox's "Nye akutte skader" and its filter `akut=ja` list these, newest first.
CREATE INDEX "leads_pages_on_call_created_at_idx" ON "leads" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  WHERE "pages_on_call";--> statement-breakpoint
-- An insurer's rule for calling the policyholder of an assignment that does not page, in business
-- hours; null: the default (4).
ALTER TABLE "insurers" ADD COLUMN "first_response_hours" integer;--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_first_response_hours_check"
  CHECK ("first_response_hours" IS NULL OR "first_response_hours" BETWEEN 1 AND 200);--> statement-breakpoint
-- The leads the deadline backfill looks for: a lead that pages is given its callback deadline
-- when it is stored, or none when it repeats an open emergency; it is never backfilled.
DROP INDEX IF EXISTS "leads_first_response_due_missing_idx";--> statement-breakpoint
CREATE INDEX "leads_first_response_due_missing_idx" ON "leads" ("id")
  WHERE "first_response_due_at" IS NULL AND NOT "pages_on_call" AND "kind" IN ('anmeldelse', 'kontakt', 'rekvisition');
