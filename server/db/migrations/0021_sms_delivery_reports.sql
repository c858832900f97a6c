-- Delivery reports of on-call SMS (docs/decisions/sms-delivery-reports.md), and an index for the
-- hourly cap on a person's page SMS.
ALTER TABLE "oncall_sms" ADD COLUMN "delivery_state" text;
--> statement-breakpoint
ALTER TABLE "oncall_sms" ADD COLUMN "delivery_detail" text;
--> statement-breakpoint
ALTER TABLE "oncall_sms" ADD COLUMN "delivery_reported_at" timestamp with time zone;
--> statement-breakpoint
-- A person's page SMS of the last hour, for the hourly cap (docs/decisions/paging-at-volume.md).
CREATE INDEX IF NOT EXISTS "oncall_sms_user_id_created_at_idx" ON "oncall_sms" USING btree ("user_id","created_at");
