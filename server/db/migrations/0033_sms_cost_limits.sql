-- What customer SMS cost, kept within limits (docs/decisions/sms-cost.md): each SMS copy of a
-- message records the parts it is billed as and, for a status message, what it told; a day's
-- parts are counted in one row per Danish calendar day (its lock orders concurrent senders, and
-- it remembers the day's warning e-mail); a batch update records the hash of its text so the same
-- text is not sent again within minutes.
ALTER TABLE "lead_message_sms" ADD COLUMN "parts" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "lead_message_sms" ADD COLUMN "about" text;
--> statement-breakpoint
CREATE INDEX "lead_message_sms_about_idx" ON "lead_message_sms" USING btree ("lead_id", "created_at") WHERE "about" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "sms_daily_parts" (
	"day" text PRIMARY KEY NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_message_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"text_hash" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_message_batches_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "lead_message_batches_text_idx" ON "lead_message_batches" USING btree ("text_hash", "created_at");
