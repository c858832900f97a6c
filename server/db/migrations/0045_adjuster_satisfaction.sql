-- The loss adjuster's answer to the same question as the customer's ("Hvor tilfreds er du med vores
-- hjælp?", 1–5 and an optional comment), given on the adjuster's page once a report was sent to the
-- insurer. Kept apart from customer_satisfaction so the customers' figure stays the customers'.
-- One row per adjuster link, written by the first answer and changeable for 14 days from it; it
-- goes with the link and with the lead (erasure, retention). `insurer` is the insurer the answer
-- counts for: the link's, else the one the lead's form named, as it was when answered.
CREATE TABLE "adjuster_satisfaction" (
	"adjuster_link_id" uuid PRIMARY KEY NOT NULL REFERENCES "adjuster_links"("id") ON DELETE CASCADE,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"adjuster_name" text NOT NULL,
	"insurer" text,
	"score" integer NOT NULL,
	"comment" text,
	"answered_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone,
	CONSTRAINT "adjuster_satisfaction_score_check" CHECK ("score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX "adjuster_satisfaction_lead_idx" ON "adjuster_satisfaction" ("lead_id");
--> statement-breakpoint
CREATE INDEX "adjuster_satisfaction_answered_idx" ON "adjuster_satisfaction" ("answered_at");
