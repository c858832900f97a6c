-- All hands in a surge (docs/decisions/all-hands.md). A period of all hands: from the moment the
-- site entered surge until it left it; at most one open at a time (the unique index on a
-- constant over the open rows), so two server copies never both open one.
CREATE TABLE "oncall_all_hands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"waiting" integer NOT NULL,
	"working" integer NOT NULL,
	"manual" boolean NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "oncall_all_hands_open_idx" ON "oncall_all_hands" USING btree ((true)) WHERE "ended_at" IS NULL;
--> statement-breakpoint
-- The reserve: people not on call who may be asked to help in a surge, named by a koordinator.
-- `called_at`: the last time the reserve call went to them (never twice within 30 minutes).
CREATE TABLE "oncall_reserve" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone,
	CONSTRAINT "oncall_reserve_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
-- When the person last opened the queue page (working the queue), and whether an all-hands
-- digest is due to them.
ALTER TABLE "oncall_dispatch" ADD COLUMN "list_opened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "oncall_dispatch" ADD COLUMN "all_hands_due" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "oncall_dispatch_list_opened_idx" ON "oncall_dispatch" USING btree ("list_opened_at") WHERE "list_opened_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_acknowledged_at_idx" ON "leads" USING btree ("acknowledged_at") WHERE "acknowledged_at" IS NOT NULL;
--> statement-breakpoint
-- "Ikke kvitteret" e-mails bundled by the minute: the first emergency of a minute queues the
-- e-mail, later ones of the same minute are added to it.
CREATE TABLE "oncall_unacknowledged_minutes" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"mail_job_id" uuid NOT NULL,
	CONSTRAINT "oncall_unacknowledged_minutes_mail_job_id_mail_jobs_id_fk" FOREIGN KEY ("mail_job_id") REFERENCES "mail_jobs"("id") ON DELETE cascade
);
