-- Who sent an emergency, as one client (an IPv4 address, an IPv6 /64: server/plugins/client-key.ts),
-- so one client cannot make more than one emergency an hour critical nor count more than once in
-- the surge formula (server/leads/client-cap.ts). Emergencies only; emptied after a day by the
-- retention job, like the submission counters; null for other kinds and older emergencies.
ALTER TABLE "leads" ADD COLUMN "client_key" text;
--> statement-breakpoint
-- The critical emergencies of one client within the last hour.
CREATE INDEX IF NOT EXISTS "leads_client_key_created_at_idx" ON "leads" USING btree ("client_key","created_at") WHERE "client_key" IS NOT NULL;
