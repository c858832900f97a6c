-- An insurer's assignment (kind 'rekvisition') has a weekday first-response deadline like a damage
-- report: the index of leads still without one lists it too.
DROP INDEX IF EXISTS "leads_first_response_due_missing_idx";--> statement-breakpoint
CREATE INDEX "leads_first_response_due_missing_idx" ON "leads" ("id")
  WHERE "first_response_due_at" IS NULL AND "kind" IN ('anmeldelse', 'kontakt', 'rekvisition');
