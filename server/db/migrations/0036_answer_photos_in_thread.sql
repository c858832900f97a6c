-- The customer's answer a photo came with (an e-mail answer's attachments), so the thread shows
-- the photos with their message; null for photos added on the case page on their own.
ALTER TABLE "case_photos" ADD COLUMN "message_id" uuid REFERENCES "lead_messages"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "case_photos_message_id_idx" ON "case_photos" ("message_id") WHERE "message_id" IS NOT NULL;
