-- The customer's case steps from recorded facts (docs/decisions/case-page.md).
-- The visit time staff record on a lead: "Besigtigelse aftalt".
ALTER TABLE "leads" ADD COLUMN "visit_at" timestamp with time zone;
--> statement-breakpoint
-- Who first set the status "I gang" in the inbox, and when (the on-call acknowledgement does not).
ALTER TABLE "leads" ADD COLUMN "work_started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "work_started_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Leads staff had already set to "I gang" (and that are still in progress or done): the first
-- such change in the audit log. Acknowledgements wrote no status-changed row, so none counts. An
-- account deleted since leaves the time without the person.
UPDATE "leads" SET "work_started_at" = "first"."at", "work_started_by" = "first"."user_id"
FROM (
  SELECT DISTINCT ON ("audit_log"."lead_id") "audit_log"."lead_id", "audit_log"."at", "users"."id" AS "user_id"
  FROM "audit_log" LEFT JOIN "users" ON "users"."id" = "audit_log"."user_id"
  WHERE "audit_log"."action" = 'status-changed' AND "audit_log"."lead_id" IS NOT NULL
    AND "audit_log"."details"->>'to' = 'in-progress'
  ORDER BY "audit_log"."lead_id", "audit_log"."at"
) AS "first"
WHERE "leads"."id" = "first"."lead_id" AND "leads"."status" IN ('in-progress', 'done');
