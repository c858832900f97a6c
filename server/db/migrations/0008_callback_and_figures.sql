-- The on-call inbox (docs/decisions/on-call-inbox.md): who called the customer back and when,
-- the index a lead's timeline reads the audit log by, and the claims of the weekly figures e-mail.
ALTER TABLE "leads" ADD COLUMN "called_back_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "called_back_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_lead_id_at_idx" ON "audit_log" ("lead_id", "at") WHERE "lead_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "oncall_sms_lead_id_idx" ON "oncall_sms" ("lead_id");
--> statement-breakpoint
-- One row per week whose figures e-mail is queued: the primary key lets exactly one server copy
-- claim a week (INSERT … ON CONFLICT DO NOTHING), in the transaction that queues the e-mail.
CREATE TABLE "oncall_weekly_reports" (
	"week_start" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
