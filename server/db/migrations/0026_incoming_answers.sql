-- The customer's answers by e-mail and SMS (docs/decisions/incoming-answers.md).
-- Where an answer came from: the e-mail's Message-ID, or the SMS gateway's id of the message. An
-- answer read twice (a crash after it was stored but before the mailbox marked it read, a webhook
-- the gateway sends again) is stored once per lead.
ALTER TABLE "lead_messages" ADD COLUMN "incoming_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_messages_incoming_id_idx" ON "lead_messages" ("lead_id", "incoming_id")
  WHERE "incoming_id" IS NOT NULL;
