-- The case after the call: the insurers as data, the milestones of a case as recorded facts, and
-- the drying log's moisture readings. A withdrawn milestone or reading stays (with who withdrew it
-- and when) so the lead's history shows the correction; everything reads only the others.
CREATE TABLE "insurers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"claims_email" text,
	"on_site_hours" integer,
	"report_rule" text DEFAULT 'next-business-day' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "insurers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
INSERT INTO "insurers" ("name") VALUES
	('Alm. Brand'), ('Codan'), ('Danske Bank'), ('GF Forsikring'), ('Gjensidige'), ('If'),
	('LB Forsikring'), ('Lærerstandens Brandforsikring'), ('Nordea'), ('PFA'), ('Topdanmark'),
	('Tryg'), ('Velliv');
--> statement-breakpoint
CREATE TABLE "lead_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "lead_milestones_lead_id_idx" ON "lead_milestones" ("lead_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_milestones_one_damage_stop_idx" ON "lead_milestones" ("lead_id") WHERE "kind" = 'skadestop' AND "withdrawn_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "moisture_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"room" text NOT NULL,
	"point" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"method" text,
	"material" text,
	"target" double precision,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "moisture_readings_lead_id_idx" ON "moisture_readings" ("lead_id","room","point","at");
