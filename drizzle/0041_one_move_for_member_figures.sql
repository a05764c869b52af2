-- A member who changes chapter takes every kept figure along in one function, in one order (all time, months,
-- period sums: the order writes of months lock them), instead of a second trigger that relied on firing after
-- the first by its name.
CREATE OR REPLACE FUNCTION "move_member_figures"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE "member_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  UPDATE "member_month_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  UPDATE "member_period_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "users_move_period_totals" ON "users";--> statement-breakpoint
DROP FUNCTION "move_member_period_totals"();
