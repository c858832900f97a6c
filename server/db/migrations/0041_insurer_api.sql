-- The insurers' API (/api/v1/assignments): keys per insurer, the assignments they sent and the
-- answers kept for an Idempotency-Key. A key is shown once; only the SHA-256 of its secret part is
-- stored, found by its public id and compared in constant time.
CREATE TABLE "insurer_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_id" uuid NOT NULL REFERENCES "insurers"("id"),
	"public_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insurer_api_keys_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
-- One case per claim number and insurer: the same claim sent again finds its case. The row is
-- written before the lead (lead_id null meanwhile), so two copies of one claim make one case.
CREATE TABLE "insurer_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurer_id" uuid NOT NULL REFERENCES "insurers"("id"),
	"key_id" uuid NOT NULL REFERENCES "insurer_api_keys"("id"),
	"claim_key" text NOT NULL,
	"lead_id" uuid REFERENCES "leads"("id") ON DELETE CASCADE,
	"reference" text,
	"adjuster_link_id" uuid REFERENCES "adjuster_links"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "insurer_assignments_claim_idx" ON "insurer_assignments" ("insurer_id","claim_key");
--> statement-breakpoint
CREATE INDEX "insurer_assignments_reference_idx" ON "insurer_assignments" ("reference");
--> statement-breakpoint
-- The answer to a request with an Idempotency-Key, kept 24 hours: the same key and body get the
-- same answer again; the same key with another body is refused.
CREATE TABLE "insurer_api_idempotency" (
	"key_id" uuid NOT NULL REFERENCES "insurer_api_keys"("id") ON DELETE CASCADE,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurer_api_idempotency_pk" PRIMARY KEY("key_id","idempotency_key")
);
