-- On-call paging: staff phone numbers, the rota (chains and overrides), the page jobs of
-- emergencies and the outgoing SMS (docs/decisions/sms-paging.md).
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "acknowledged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "acknowledged_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- One row per change of the chain: the chain in force at an instant is the latest row that began
-- before it. Members are user ids in the order they are paged; the order turns by one at every
-- weekly handover (Europe/Copenhagen wall-clock time).
CREATE TABLE "oncall_chains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"member_ids" uuid[] NOT NULL,
	"handover_weekday" integer NOT NULL,
	"handover_hour" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oncall_chains_weekday_check" CHECK ("handover_weekday" BETWEEN 0 AND 6),
	CONSTRAINT "oncall_chains_hour_check" CHECK ("handover_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE INDEX "oncall_chains_effective_from_idx" ON "oncall_chains" ("effective_from" DESC);
--> statement-breakpoint
-- "Anna covers Friday 16 to Monday 08": first in the chain for that range.
CREATE TABLE "oncall_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oncall_overrides_range_check" CHECK ("ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "oncall_overrides_ends_at_idx" ON "oncall_overrides" ("ends_at");
--> statement-breakpoint
-- The escalation of one emergency: written with the lead; `step` is the next step to run at
-- `run_at`, claimed with FOR UPDATE SKIP LOCKED and a lease (locked_until).
CREATE TABLE "oncall_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL UNIQUE REFERENCES "leads"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"chain" uuid[],
	"paged" uuid[] DEFAULT '{}' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"acknowledged_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oncall_pages_due_idx" ON "oncall_pages" ("run_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Outgoing SMS (pages and "taken" notices), each retried on its own until sent.
CREATE TABLE "oncall_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL REFERENCES "oncall_pages"("id") ON DELETE CASCADE,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"purpose" text NOT NULL,
	"step" integer NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"first_failed_at" timestamp with time zone,
	"fallback_mailed_at" timestamp with time zone,
	"provider_ids" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oncall_sms_due_idx" ON "oncall_sms" ("run_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "oncall_sms_page_id_idx" ON "oncall_sms" ("page_id");
