CREATE TABLE "lead_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_images_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spam_reasons" text[],
	"client_ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
-- Every existing enquiry becomes a lead with the same id, reference and time. The emergency and
-- report forms used to send their fields as "Label: value" lines in one message; those lines
-- become fields again. A message that does not have that shape is kept as it was.
INSERT INTO "leads" ("id", "kind", "reference", "name", "email", "phone", "details", "created_at")
SELECT s."id",
	CASE s."type" WHEN 'general' THEN 'kontakt' ELSE s."type" END,
	s."reference", s."name", s."email", NULLIF(s."phone", ''),
	CASE
		WHEN s."type" = 'general' THEN jsonb_strip_nulls(jsonb_build_object('service', s."service", 'message', NULLIF(s."message", '')))
		WHEN s."message" ~ '^Adresse: ' AND s."message" ~ '\nSkadetype: ' AND s."message" ~ '\nBeskrivelse: ' THEN jsonb_strip_nulls(jsonb_build_object(
			'adresse', NULLIF(substring(s."message" from '(?n)^Adresse: (.*)$'), 'Ikke angivet'),
			'forsikringsselskab', NULLIF(substring(s."message" from '(?n)^Forsikringsselskab: (.*)$'), 'Ikke angivet'),
			'policeNr', NULLIF(substring(s."message" from '(?n)^Policenummer: (.*)$'), 'Ikke angivet'),
			'skadeNr', NULLIF(substring(s."message" from '(?n)^Skadenummer: (.*)$'), 'Ikke angivet'),
			'skadetype', lower(substring(s."message" from '(?n)^Skadetype: (.*)$')),
			'besked', NULLIF(regexp_replace(substring(s."message" from '\nBeskrivelse: (.*)$'), '\nHvem er du: .*$', ''), 'Ikke angivet'),
			'personType', CASE substring(s."message" from '(?n)^Hvem er du: (.*)$')
				WHEN 'Forsikringsmægler' THEN 'forsikringsmagler'
				ELSE lower(substring(s."message" from '(?n)^Hvem er du: (.*)$')) END,
			'virksomhedsnavn', NULLIF(substring(s."message" from '(?n)^Virksomhedsnavn: (.*)$'), 'Ikke angivet'),
			'cvr', NULLIF(substring(s."message" from '(?n)^CVR: (.*)$'), 'Ikke angivet'),
			'rekvirentNavn', NULLIF(substring(s."message" from '(?n)^Rekvirent: (.*)$'), 'Ikke angivet'),
			'rekvirentTelefon', CASE
				WHEN regexp_replace(substring(s."message" from '(?n)^Rekvirentens telefon: (.*)$'), '[^0-9]', '', 'g') ~ '^[0-9]{8}$'
				THEN '+45' || regexp_replace(substring(s."message" from '(?n)^Rekvirentens telefon: (.*)$'), '[^0-9]', '', 'g')
				ELSE NULLIF(substring(s."message" from '(?n)^Rekvirentens telefon: (.*)$'), 'Ikke angivet') END,
			'rekvirentEmail', NULLIF(substring(s."message" from '(?n)^Rekvirentens e-mail: (.*)$'), 'Ikke angivet')))
		ELSE jsonb_strip_nulls(jsonb_build_object('legacyService', s."service", 'legacyMessage', s."message"))
	END,
	s."created_at"
FROM "contact_submissions" s;
--> statement-breakpoint
INSERT INTO "leads" ("id", "kind", "reference", "name", "email", "phone", "details", "created_at")
SELECT r."id", 'ressource', r."reference", r."full_name", r."email", r."phone",
	jsonb_strip_nulls(jsonb_build_object('companyName', r."company_name", 'resourceTitle', r."resource_title", 'resourceType', r."resource_type")),
	r."created_at"
FROM "resource_requests" r;
--> statement-breakpoint
-- Photos were listed in the enquiry as 'object:<key>'; uploads we issued know their type and size.
INSERT INTO "lead_images" ("lead_id", "position", "object_key", "content_type", "bytes", "created_at")
SELECT s."id", image.position::integer - 1, substring(image.reference from 8),
	COALESCE(u."content_type", CASE lower(substring(image.reference from '\.([a-zA-Z]+)$'))
		WHEN 'jpg' THEN 'image/jpeg' WHEN 'png' THEN 'image/png' WHEN 'webp' THEN 'image/webp'
		WHEN 'gif' THEN 'image/gif' WHEN 'heic' THEN 'image/heic' WHEN 'heif' THEN 'image/heif'
		ELSE 'application/octet-stream' END),
	COALESCE(u."size", 0), s."created_at"
FROM "contact_submissions" s
CROSS JOIN LATERAL unnest(s."images") WITH ORDINALITY AS image(reference, position)
LEFT JOIN "uploads" u ON u."object_key" = substring(image.reference from 8)
WHERE image.reference LIKE 'object:%'
ON CONFLICT ("object_key") DO NOTHING;
--> statement-breakpoint
-- Queued e-mails point at the lead now.
UPDATE "mail_jobs" SET "kind" = 'lead-notification', "payload" = jsonb_build_object('leadId', "payload"->>'submissionId') WHERE "kind" = 'submission-notification';
--> statement-breakpoint
UPDATE "mail_jobs" SET "kind" = 'lead-notification', "payload" = jsonb_build_object('leadId', "payload"->>'requestId') WHERE "kind" = 'resource-notification';
--> statement-breakpoint
UPDATE "mail_jobs" SET "payload" = jsonb_build_object('leadId', "payload"->>'requestId') WHERE "kind" = 'resource-delivery';
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
UPDATE "uploads" SET "lead_id" = "submission_id" WHERE "submission_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_submission_id_contact_submissions_id_fk";
--> statement-breakpoint
DROP TABLE "contact_submissions";--> statement-breakpoint
DROP TABLE "resource_requests";--> statement-breakpoint
ALTER TABLE "lead_images" ADD CONSTRAINT "lead_images_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_images_lead_id_idx" ON "lead_images" USING btree ("lead_id","position");--> statement-breakpoint
CREATE INDEX "leads_created_at_id_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "submission_id";