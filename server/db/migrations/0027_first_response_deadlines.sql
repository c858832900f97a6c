-- First-response deadlines (docs/decisions/first-response-deadlines.md). When the customer must
-- have had a first answer: set when the lead is stored (domain/first-response.ts); null for a
-- resource request, which has none.
ALTER TABLE "leads" ADD COLUMN "first_response_due_at" timestamp with time zone;
--> statement-breakpoint
-- The first staff answer: the callback stamp or the first message a staff member wrote to this
-- customer (a batch update to everyone waiting is no answer). Kept by the triggers below, so
-- whoever stamps a callback or writes a message needs no code of its own for it.
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;
--> statement-breakpoint
-- Emergencies: the callback time they were told (15 minutes before surge mode existed).
UPDATE "leads" SET "first_response_due_at" = "created_at" + make_interval(mins => coalesce("announced_callback_minutes", 15))
WHERE "kind" = 'akut-skade';
--> statement-breakpoint
-- Reports and contacts count weekday hours past Danish holidays: set by the server's backfill job
-- (server/leads/first-response.ts), which computes them as a new lead's are.
UPDATE "leads" SET "first_response_at" = least(
  "called_back_at",
  (SELECT min("m"."created_at") FROM "lead_messages" AS "m"
   WHERE "m"."lead_id" = "leads"."id" AND "m"."direction" = 'out'
     AND "m"."author_id" IS NOT NULL AND "m"."batch_id" IS NULL)
);
--> statement-breakpoint
CREATE FUNCTION "leads_first_response_by_callback"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."first_response_at" := least(NEW."first_response_at", NEW."called_back_at");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_first_response_by_callback" BEFORE INSERT OR UPDATE OF "called_back_at" ON "leads"
  FOR EACH ROW WHEN (NEW."called_back_at" IS NOT NULL)
  EXECUTE FUNCTION "leads_first_response_by_callback"();
--> statement-breakpoint
CREATE FUNCTION "lead_messages_first_response"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" SET "first_response_at" = NEW."created_at"
  WHERE "id" = NEW."lead_id" AND ("first_response_at" IS NULL OR "first_response_at" > NEW."created_at");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_messages_first_response" AFTER INSERT ON "lead_messages"
  FOR EACH ROW WHEN (NEW."direction" = 'out' AND NEW."author_id" IS NOT NULL AND NEW."batch_id" IS NULL)
  EXECUTE FUNCTION "lead_messages_first_response"();
--> statement-breakpoint
-- The list's order by deadline: the open leads still waiting for an answer, soonest first.
CREATE INDEX "leads_awaiting_first_response_idx" ON "leads" ("first_response_due_at", "id")
  WHERE "first_response_at" IS NULL AND "first_response_due_at" IS NOT NULL AND "status" IN ('new', 'in-progress');
--> statement-breakpoint
-- What the backfill job looks for (empty once it has run).
CREATE INDEX "leads_first_response_due_missing_idx" ON "leads" ("id")
  WHERE "first_response_due_at" IS NULL AND "kind" IN ('anmeldelse', 'kontakt');
