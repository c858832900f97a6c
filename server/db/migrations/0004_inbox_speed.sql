-- How many leads there are of each kind and status, kept exact by triggers: the inbox shows the
-- counts with every list, and counting 100,000 rows each time is too slow.
CREATE TABLE "lead_counts" (
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_counts_kind_status_pk" PRIMARY KEY("kind","status")
);
--> statement-breakpoint
INSERT INTO "lead_counts" ("kind", "status", "n")
  SELECT "kind", "status", count(*) FROM "leads" GROUP BY "kind", "status";
--> statement-breakpoint
-- A change of status touches two counts; they are changed in the order of their keys, so two
-- opposite changes at once (new → done and done → new) cannot wait for each other.
CREATE FUNCTION "lead_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."kind" = NEW."kind" AND OLD."status" = NEW."status" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW."kind", NEW."status") < (OLD."kind", OLD."status") THEN
    INSERT INTO "lead_counts" ("kind", "status", "n") VALUES (NEW."kind", NEW."status", 1)
      ON CONFLICT ("kind", "status") DO UPDATE SET "n" = "lead_counts"."n" + 1;
    UPDATE "lead_counts" SET "n" = "n" - 1 WHERE "kind" = OLD."kind" AND "status" = OLD."status";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "lead_counts" SET "n" = "n" - 1 WHERE "kind" = OLD."kind" AND "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "lead_counts" ("kind", "status", "n") VALUES (NEW."kind", NEW."status", 1)
      ON CONFLICT ("kind", "status") DO UPDATE SET "n" = "lead_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_counts_follow" AFTER INSERT OR DELETE OR UPDATE OF "kind", "status" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "lead_counts_follow"();
--> statement-breakpoint
CREATE FUNCTION "lead_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_counts_clear" AFTER TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_counts_clear"();
--> statement-breakpoint
-- The free-text search (`search_text like '%…%'`) becomes an index lookup, within one kind too.
-- pg_trgm and btree_gin ship with PostgreSQL (trusted extensions: the database's owner may
-- create them) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "leads_kind_search_text_idx" ON "leads" USING gin ("kind","search_text" gin_trgm_ops);
