ALTER TABLE "member_totals" ADD COLUMN "attendance_order" numeric GENERATED ALWAYS AS (case when present + absent = 0 then -1 else present::numeric / (present + absent) end) STORED;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "referral_count" integer GENERATED ALWAYS AS (given_count + received_count) STORED;--> statement-breakpoint
CREATE INDEX "member_totals_attendance_order_idx" ON "member_totals" USING btree ("attendance_order","member_id");--> statement-breakpoint
CREATE INDEX "member_totals_referral_count_idx" ON "member_totals" USING btree ("referral_count","member_id");--> statement-breakpoint
CREATE INDEX "users_roster_name_idx" ON "users" USING btree (lower(coalesce("first_name", '')),lower(coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_roster_business_idx" ON "users" USING btree (lower(coalesce("business_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_roster_industry_idx" ON "users" USING btree (lower(coalesce("industry", '')),"id");--> statement-breakpoint
CREATE INDEX "users_roster_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_roster_joined_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- Every member has a member_totals row from the moment they join (zeros until something counts), so the
-- roster can walk member_totals' sort indexes joined to users one to one (docs/decisions/0027).
CREATE FUNCTION "open_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_totals" ("member_id") SELECT "id" FROM "new_rows" ORDER BY "id" ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_open_member_totals" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "open_member_totals"();--> statement-breakpoint
INSERT INTO "member_totals" ("member_id") SELECT "id" FROM "users" ORDER BY "id" ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "member_totals";--> statement-breakpoint
-- The member holding an industry's seat (one seat per industry): the first non-guest to join, by join
-- date then id, never `except_id` (an applicant asking for it). The rule's one definition: the
-- industries list, the application review and the members import all ask it (issue 41.5).
CREATE FUNCTION "seat_holder"("industry_name" text, "except_id" uuid DEFAULT NULL) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "users"
  WHERE lower("industry") = lower("industry_name") AND "role" <> 'GUEST' AND "id" IS DISTINCT FROM "except_id"
  ORDER BY "created_at", "id" LIMIT 1
$$;
