-- Staff roles (docs/decisions/staff-roles.md). Every account that exists when roles arrive has
-- run the rota and the personal-data requests so far: it becomes koordinator. Accounts made from
-- now on are medarbejder unless made koordinator on purpose.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'koordinator' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'medarbejder';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('koordinator', 'medarbejder'));
