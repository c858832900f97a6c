-- The customer's own case page (/sag/<token>, server/case/).
-- The links sent to customers: only the SHA-256 of the random token is kept, so the database alone
-- cannot open a case page. One row per e-mail that carried a link (mail_job_id): a receipt composed
-- again after a refused attempt replaces its own token instead of adding a second one.
CREATE TABLE "case_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE cascade,
	"mail_job_id" uuid UNIQUE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "case_links_lead_id_idx" ON "case_links" ("lead_id");
--> statement-breakpoint
-- Messages the customer wrote on the case page.
CREATE TABLE "case_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE cascade,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "case_messages_lead_id_idx" ON "case_messages" ("lead_id","created_at");
--> statement-breakpoint
-- Photos the customer added on the case page: the photo itself is a lead_images row like the
-- form's photos; this marks it as added later and groups one upload's photos (one staff e-mail).
CREATE TABLE "case_photos" (
	"image_id" uuid PRIMARY KEY NOT NULL REFERENCES "lead_images"("id") ON DELETE cascade,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE cascade,
	"batch_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "case_photos_lead_id_idx" ON "case_photos" ("lead_id","created_at");
