-- The one question asked when a case is closed with a notice to the customer: "Hvor tilfreds er du
-- med vores hjælp?" (1–5 and an optional comment). One row per lead, written when the question is
-- queued (so a case closed again is not asked twice) and filled in by the customer's answer on the
-- case page; changeable for 14 days from the first answer. An answer of 1 or 2 waits in the inbox
-- until a koordinator marks it followed up (handled_at/handled_by).
CREATE TABLE "customer_satisfaction" (
	"lead_id" uuid PRIMARY KEY NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer,
	"comment" text,
	"answered_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"handled_by_name" text,
	CONSTRAINT "customer_satisfaction_score_check" CHECK ("score" IS NULL OR "score" BETWEEN 1 AND 5),
	CONSTRAINT "customer_satisfaction_answered_check" CHECK (("score" IS NULL) = ("answered_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "customer_satisfaction_answered_idx" ON "customer_satisfaction" ("answered_at") WHERE "score" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customer_satisfaction_unhappy_idx" ON "customer_satisfaction" ("lead_id") WHERE "score" <= 2 AND "handled_at" IS NULL;
