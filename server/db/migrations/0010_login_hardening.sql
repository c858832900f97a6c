-- Staff login hardening (docs/decisions/staff-auth.md).
-- The TOTP time step of the last code an account logged in with: a code at or before it is refused,
-- so one code cannot complete two logins.
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
-- When the owner was last told by e-mail that failed logins pile up (at most one e-mail an hour).
ALTER TABLE "users" ADD COLUMN "login_alert_at" timestamp with time zone;
--> statement-breakpoint
-- An enrolment's secret belongs to the session that asked for it until a first code confirms it.
ALTER TABLE "staff_sessions" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
-- Secrets handed out before enrolment was bound to a session no longer count.
UPDATE "users" SET "totp_secret" = NULL WHERE "totp_confirmed_at" IS NULL;
--> statement-breakpoint
-- The growing delays per account and IP.
CREATE INDEX "login_attempts_email_ip_idx" ON "login_attempts" ("email","ip","created_at");
