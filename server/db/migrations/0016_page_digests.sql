-- Paging at volume (docs/decisions/paging-at-volume.md): a page step no longer writes the SMS
-- itself but a notice "this emergency is due to this person"; a per-person dispatch turns the
-- person's waiting notices into ONE SMS (the single page, or a digest linking the queue page).
CREATE TABLE "oncall_page_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL REFERENCES "oncall_pages"("id") ON DELETE CASCADE,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"step" integer NOT NULL,
	"everybody" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"sms_id" uuid REFERENCES "oncall_sms"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "oncall_page_notices_waiting_idx" ON "oncall_page_notices" ("user_id", "created_at") WHERE "status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "oncall_page_notices_page_id_idx" ON "oncall_page_notices" ("page_id");
--> statement-breakpoint
CREATE INDEX "oncall_page_notices_sms_id_idx" ON "oncall_page_notices" ("sms_id");
--> statement-breakpoint
-- One job row per person: due when the person's waiting notices may go out. It also keeps the
-- person's budget: the last page SMS and the last critical one sent outside the budget.
CREATE TABLE "oncall_dispatch" (
	"id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_page_at" timestamp with time zone,
	"last_critical_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "oncall_dispatch_due_idx" ON "oncall_dispatch" ("run_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- A digest is about several emergencies: its SMS row names none (the notices name the SMS).
ALTER TABLE "oncall_sms" ALTER COLUMN "page_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "oncall_sms" ALTER COLUMN "lead_id" DROP NOT NULL;
--> statement-breakpoint
-- Claimed first: a page (single or digest) carrying a critical emergency.
ALTER TABLE "oncall_sms" ADD COLUMN "critical" boolean DEFAULT false NOT NULL;
