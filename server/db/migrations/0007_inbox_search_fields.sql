-- The inbox's search also finds the insurer, the policy and claim numbers, the requester's name,
-- e-mail, phone and company, and the reference typed without its dash ("sk1234"). A generated
-- column's expression cannot be changed in place on PostgreSQL 15, so the column is made anew
-- (which drops its index) and the trigram index is built again.
ALTER TABLE "leads" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(name || ' ' || email || ' ' || reference || ' ' || replace(reference, '-', '') || ' ' || coalesce(phone, '') || ' ' || coalesce(details->>'adresse', '') || ' ' || coalesce(details->>'besked', '') || ' ' || coalesce(details->>'message', '') || ' ' || coalesce(details->>'forsikringsselskab', '') || ' ' || coalesce(details->>'policeNr', '') || ' ' || coalesce(details->>'skadeNr', '') || ' ' || coalesce(details->>'rekvirentNavn', '') || ' ' || coalesce(details->>'rekvirentEmail', '') || ' ' || coalesce(details->>'rekvirentTelefon', '') || ' ' || coalesce(details->>'virksomhedsnavn', '') || ' ' || coalesce(details->>'companyName', ''), 'ÆØÅÄÖÜÉ', 'æøåäöüé'))) STORED;
--> statement-breakpoint
CREATE INDEX "leads_kind_search_text_idx" ON "leads" USING gin ("kind","search_text" gin_trgm_ops);
