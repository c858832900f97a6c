-- Short links in on-call SMS (docs/decisions/short-oncall-links.md): `/v/<16 characters>` stands
-- for a signed page or queue link. Only a hash of the random id is kept, so the table is no key to
-- the pages; a row names the person (and the emergency) the link is for, and when it expires.
CREATE TABLE "oncall_links" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"lead_id" uuid,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oncall_links_purpose_check" CHECK ("purpose" IN ('page', 'queue')),
	CONSTRAINT "oncall_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE cascade,
	CONSTRAINT "oncall_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "oncall_links_expires_idx" ON "oncall_links" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "oncall_links_lead_idx" ON "oncall_links" USING btree ("lead_id");
