-- An acknowledged emergency not stamped "Ringet op" in time (docs/decisions/callback-reminder.md):
-- when the next check of the callback is due (null: nothing to watch), and when the person who
-- took it was reminded by SMS (null: not yet).
ALTER TABLE "oncall_pages" ADD COLUMN "callback_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "oncall_pages" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "oncall_pages_callback_due_idx" ON "oncall_pages" USING btree ("callback_due_at") WHERE "callback_due_at" IS NOT NULL;
--> statement-breakpoint
-- The gaps in the rota the koordinatorer were e-mailed about, so each gap is e-mailed once.
CREATE TABLE IF NOT EXISTS "oncall_gap_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
