-- Triage: who is called first (docs/decisions/inbox-priority.md). Existing leads are 'normal'.
ALTER TABLE "leads" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_priority_created_at_idx" ON "leads" USING btree ("priority","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
