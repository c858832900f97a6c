-- The loss adjuster's (taksator's) private links to a case: /taksator/<token>. Only the SHA-256 of
-- the token is stored; the token itself is an HMAC of the link's id under the server's signing
-- secret, so neither the database nor a backup of it opens a page. A link works until it expires
-- (90 days) or staff revoke it; the row stays, with who revoked it and when.
CREATE TABLE "adjuster_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"insurer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "adjuster_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "adjuster_links_lead_id_idx" ON "adjuster_links" ("lead_id","created_at");
--> statement-breakpoint
-- The adjuster's thread on a lead: messages both ways with the channel 'taksator', read only by the
-- adjuster's page and the inbox's "Taksator" thread, never by the customer's thread or case page.
ALTER TABLE "lead_messages" DROP CONSTRAINT "lead_messages_channel_check";
--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_channel_check" CHECK ("channel" IN ('email', 'sms', 'case-page', 'taksator'));
