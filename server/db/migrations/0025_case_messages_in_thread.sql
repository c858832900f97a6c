-- The customer's case page messages join the lead's thread (docs/decisions/lead-messages.md): each
-- becomes an answer of theirs ('in') by the case page, with its id, so a staff e-mail still queued
-- for it (mail_jobs payload messageId) finds it in lead_messages.
INSERT INTO "lead_messages" ("id", "lead_id", "direction", "channel", "body", "created_at")
SELECT "id", "lead_id", 'in', 'case-page', "body", "created_at" FROM "case_messages"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "case_messages";
