-- Whether an emergency was told it is first in line (a danger to people with no other danger to
-- people waiting before it): the receipt, /tak and the case page say so only then. Before this, every
-- danger to people was told so.
ALTER TABLE "leads" ADD COLUMN "announced_first_in_line" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "leads" SET "announced_first_in_line" = true WHERE "kind" = 'akut-skade' AND "priority" = 'kritisk';
