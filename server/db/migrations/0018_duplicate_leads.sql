-- Duplicate emergencies (docs/decisions/duplicate-emergencies.md). The open emergency a second one
-- from the same phone or address was linked to, instead of paging again; null for any other lead.
-- A deleted original (erasure, retention) leaves its duplicates standing on their own.
ALTER TABLE "leads" ADD COLUMN "duplicate_of" uuid REFERENCES "leads"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- An emergency's address as compared (domain/duplicate-leads.ts addressKey); null for other kinds.
ALTER TABLE "leads" ADD COLUMN "address_key" text;
--> statement-breakpoint
-- The lead page's "Dubletter" and the assignment that follows the original.
CREATE INDEX IF NOT EXISTS "leads_duplicate_of_idx" ON "leads" USING btree ("duplicate_of") WHERE "duplicate_of" IS NOT NULL;
--> statement-breakpoint
-- The look-up by address within the last 30 minutes (by phone: leads_phone_idx).
CREATE INDEX IF NOT EXISTS "leads_address_key_created_at_idx" ON "leads" USING btree ("address_key","created_at") WHERE "address_key" IS NOT NULL;
