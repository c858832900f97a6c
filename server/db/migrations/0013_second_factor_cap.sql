-- The second factor capped per account (docs/decisions/staff-auth.md).
-- Which step a login attempt tried: wrong codes and recovery codes for one account are counted
-- across every address, apart from wrong passwords.
ALTER TABLE "login_attempts" ADD COLUMN "step" text DEFAULT 'password' NOT NULL;
--> statement-breakpoint
-- When the owner and the company inbox were last told that the cap was reached (at most once a window).
ALTER TABLE "users" ADD COLUMN "second_factor_alert_at" timestamp with time zone;
