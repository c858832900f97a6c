-- The first reports sent to a lead's insurer: each one kept as it was sent (the PDF in object
-- storage under `object_key`), with who sent it, to whom, and the e-mail that carried it.
CREATE TABLE "lead_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text,
	"recipients" text[] NOT NULL,
	"mail_job_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"object_key" text NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "lead_reports_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE INDEX "lead_reports_lead_id_idx" ON "lead_reports" ("lead_id","created_at");
