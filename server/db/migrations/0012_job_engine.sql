-- One job engine (server/queue/): every job table has the same engine columns. The on-call
-- pages gain the failure record the other job tables have.
ALTER TABLE "oncall_pages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "oncall_pages" ADD COLUMN "last_error" text;
--> statement-breakpoint
-- The periodic jobs (retention, upload purge, spam digest, weekly figures): one row each, claimed
-- with a lease like any job, so one server copy runs a job at a time.
CREATE TABLE "periodic_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run_at" timestamp with time zone
);
