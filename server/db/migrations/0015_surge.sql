-- Surge mode (docs/decisions/surge-mode.md): what each emergency was told when it came in, so the
-- receipt (composed later) and the figures use the promise made, not a recomputation.
ALTER TABLE "leads" ADD COLUMN "announced_callback_minutes" integer;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "announced_in_surge" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A koordinator's switches of surge mode, newest last: the latest row is the manual state.
CREATE TABLE IF NOT EXISTS "surge_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"on" boolean NOT NULL,
	"reason" text,
	"user_id" uuid,
	"actor" text NOT NULL,
	CONSTRAINT "surge_switches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "surge_switches_at_idx" ON "surge_switches" USING btree ("at" DESC NULLS LAST);
