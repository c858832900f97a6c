-- The overdue filters and the morning reminder look for the cases whose clock runs: the starts of
-- one kind not withdrawn, and whether an end of the other kind follows. By kind, then lead and time,
-- only rows not withdrawn: both sides are read from this index alone.
CREATE INDEX "lead_milestones_open_kind_idx" ON "lead_milestones" ("kind","lead_id","at") WHERE "withdrawn_at" IS NULL;
