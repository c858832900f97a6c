-- Messages between us and the customer on one lead (docs/decisions/lead-messages.md): ours go out
-- on the case page, by e-mail (the mail outbox) and by SMS (lead_message_sms); the customer's
-- answers come in on one channel each. A batch update writes one row per lead with its batch id.
CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE cascade,
	"direction" text NOT NULL CHECK ("direction" IN ('out', 'in')),
	"channel" text NOT NULL CHECK ("channel" IN ('email', 'sms', 'case-page')),
	"body" text NOT NULL,
	"author_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"author_name" text,
	"batch_id" uuid,
	"mail_job_id" uuid REFERENCES "mail_jobs"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_messages_lead_id_idx" ON "lead_messages" ("lead_id","created_at");
--> statement-breakpoint
CREATE INDEX "lead_messages_batch_id_idx" ON "lead_messages" ("batch_id") WHERE "batch_id" IS NOT NULL;
--> statement-breakpoint
-- One SMS of a message, a job table of the job engine (server/queue/job-table.ts): claimed, sent
-- one at a time and retried while the gateway fails. The text is kept without the case link,
-- which is made anew at each attempt (server/case/links.ts, keyed by this row's id).
CREATE TABLE "lead_message_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL UNIQUE REFERENCES "lead_messages"("id") ON DELETE cascade,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE cascade,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"first_failed_at" timestamp with time zone,
	"last_error" text,
	"provider_ids" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_message_sms_due_idx" ON "lead_message_sms" ("run_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "lead_message_sms_lead_id_idx" ON "lead_message_sms" ("lead_id");
