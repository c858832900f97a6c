-- Limits that keep the public forms from being abused (docs/decisions/submission-write-path.md,
-- docs/decisions/image-uploads.md).
-- A form token brings one lead: its hash is written in the lead's transaction, and a second lead
-- with the same token finds it taken.
CREATE TABLE "spent_form_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_form_tokens_spent_at_idx" ON "spent_form_tokens" ("spent_at");
--> statement-breakpoint
-- When each e-mail to an address a visitor typed (receipt, requested PDF) may go: at most
-- RECEIPT_MAIL_MAX_PER_HOUR in any hour across the whole site; the rest wait for a later slot.
CREATE TABLE "visitor_mail_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "visitor_mail_slots_at_idx" ON "visitor_mail_slots" ("at" DESC);
--> statement-breakpoint
-- Periodic jobs that must run once per period whatever the number of server copies claim the
-- period here (e.g. the daily spam digest: job 'spam-digest', period '2026-11-24').
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
-- The upload budget: the size the browser declared when it asked for the URL, and who asked.
ALTER TABLE "uploads" ADD COLUMN "declared_size" integer;
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client_ip" text;
--> statement-breakpoint
CREATE INDEX "uploads_unattached_created_at_idx" ON "uploads" ("created_at") WHERE "status" <> 'attached';
