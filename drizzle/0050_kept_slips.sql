ALTER TABLE "member_month_totals" ADD COLUMN "one_to_ones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD COLUMN "education_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD COLUMN "testimonials" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "one_to_ones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "education_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "testimonials" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The week's slips join the kept figures: a statement's changed slips (TG_ARGV[1] reads them from "changed"
-- as member, day and sign) are added to column TG_ARGV[0] of their members' months, then of their all-time
-- rows, each set in one sorted upsert (the order every figure trigger locks in). A member deleted in this
-- transaction is skipped: the cascade removes their rows.
CREATE FUNCTION "apply_slip_member_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%1$s), "d" AS (
      SELECT "member_id", date_trunc('month', "day")::date AS "month", sum("sign")::int AS "n"
      FROM (%2$s) AS "s"
      WHERE "member_id" IN (SELECT "id" FROM "users")
      GROUP BY 1, 2
      HAVING sum("sign") <> 0
    ), "months" AS (
      INSERT INTO "member_month_totals" AS t ("member_id", "month", %3$I)
        SELECT "member_id", "month", "n" FROM "d" ORDER BY "member_id", "month"
      ON CONFLICT ("member_id", "month") DO UPDATE SET %3$I = t.%3$I + excluded.%3$I
    )
    INSERT INTO "member_totals" AS t ("member_id", %3$I)
      SELECT "member_id", sum("n") FROM "d" GROUP BY "member_id" ORDER BY "member_id"
    ON CONFLICT ("member_id") DO UPDATE SET %3$I = t.%3$I + excluded.%3$I
  $q$, "changed_rows_sql"(TG_OP), TG_ARGV[1], TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Held one-to-ones count for both members; a disputed one for neither.
CREATE TRIGGER "one_to_ones_member_totals_insert" AFTER INSERT ON "one_to_ones"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('one_to_ones',
  'SELECT "member_a_id" AS "member_id", "met_on" AS "day", "sign" FROM "changed" WHERE "status" = ''held'' UNION ALL SELECT "member_b_id", "met_on", "sign" FROM "changed" WHERE "status" = ''held''');--> statement-breakpoint
CREATE TRIGGER "one_to_ones_member_totals_update" AFTER UPDATE ON "one_to_ones"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('one_to_ones',
  'SELECT "member_a_id" AS "member_id", "met_on" AS "day", "sign" FROM "changed" WHERE "status" = ''held'' UNION ALL SELECT "member_b_id", "met_on", "sign" FROM "changed" WHERE "status" = ''held''');--> statement-breakpoint
CREATE TRIGGER "one_to_ones_member_totals_delete" AFTER DELETE ON "one_to_ones"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('one_to_ones',
  'SELECT "member_a_id" AS "member_id", "met_on" AS "day", "sign" FROM "changed" WHERE "status" = ''held'' UNION ALL SELECT "member_b_id", "met_on", "sign" FROM "changed" WHERE "status" = ''held''');--> statement-breakpoint
CREATE TRIGGER "education_units_member_totals_insert" AFTER INSERT ON "education_units"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('education_units',
  'SELECT "member_id", "earned_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
CREATE TRIGGER "education_units_member_totals_update" AFTER UPDATE ON "education_units"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('education_units',
  'SELECT "member_id", "earned_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
CREATE TRIGGER "education_units_member_totals_delete" AFTER DELETE ON "education_units"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('education_units',
  'SELECT "member_id", "earned_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
-- A testimonial counts for its writer.
CREATE TRIGGER "testimonials_member_totals_insert" AFTER INSERT ON "testimonials"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('testimonials',
  'SELECT "writer_id" AS "member_id", "given_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
CREATE TRIGGER "testimonials_member_totals_update" AFTER UPDATE ON "testimonials"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('testimonials',
  'SELECT "writer_id" AS "member_id", "given_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
CREATE TRIGGER "testimonials_member_totals_delete" AFTER DELETE ON "testimonials"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('testimonials',
  'SELECT "writer_id" AS "member_id", "given_on" AS "day", "sign" FROM "changed"');--> statement-breakpoint
-- A visitor counts for the member credited with the visit, in the month of the visit's meeting.
CREATE TRIGGER "visitor_visits_member_totals_insert" AFTER INSERT ON "visitor_visits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('visitors',
  'SELECT c."credited_member_id" AS "member_id", m."meeting_date" AS "day", c."sign" FROM "changed" c JOIN "meetings" m ON m."id" = c."meeting_id"');--> statement-breakpoint
CREATE TRIGGER "visitor_visits_member_totals_update" AFTER UPDATE ON "visitor_visits"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('visitors',
  'SELECT c."credited_member_id" AS "member_id", m."meeting_date" AS "day", c."sign" FROM "changed" c JOIN "meetings" m ON m."id" = c."meeting_id"');--> statement-breakpoint
CREATE TRIGGER "visitor_visits_member_totals_delete" AFTER DELETE ON "visitor_visits"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_slip_member_totals"('visitors',
  'SELECT c."credited_member_id" AS "member_id", m."meeting_date" AS "day", c."sign" FROM "changed" c JOIN "meetings" m ON m."id" = c."meeting_id"');--> statement-breakpoint
-- A meeting's visits are counted in its month, read from the meeting: a meeting that moves takes its credited
-- visits to its new month, and one removed drops its visits itself first, while the visits' trigger can still
-- read its date (the cascade would run after the meeting is gone).
CREATE FUNCTION "move_meeting_visitor_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO "member_month_totals" AS t ("member_id", "month", "visitors")
    SELECT "member_id", "month", sum("n")::int FROM (
      SELECT v."credited_member_id" AS "member_id", date_trunc('month', OLD."meeting_date")::date AS "month", -1 AS "n"
      FROM "visitor_visits" v WHERE v."meeting_id" = NEW."id"
      UNION ALL
      SELECT v."credited_member_id", date_trunc('month', NEW."meeting_date")::date, 1
      FROM "visitor_visits" v WHERE v."meeting_id" = NEW."id"
    ) AS "d"
    WHERE "member_id" IN (SELECT "id" FROM "users")
    GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
  ON CONFLICT ("member_id", "month") DO UPDATE SET "visitors" = t."visitors" + excluded."visitors";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "meetings_move_visitor_totals" AFTER UPDATE OF "meeting_date" ON "meetings"
  FOR EACH ROW WHEN (OLD."meeting_date" IS DISTINCT FROM NEW."meeting_date")
  EXECUTE FUNCTION "move_meeting_visitor_totals"();--> statement-breakpoint
CREATE FUNCTION "drop_meeting_visits_first"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM "visitor_visits" WHERE "meeting_id" = OLD."id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "meetings_drop_visits_first" BEFORE DELETE ON "meetings"
  FOR EACH ROW EXECUTE FUNCTION "drop_meeting_visits_first"();--> statement-breakpoint
-- The slips already recorded, counted once into the new columns.
INSERT INTO "member_month_totals" AS t ("member_id", "month", "one_to_ones", "education_units", "testimonials", "visitors")
  SELECT "member_id", "month", sum("o")::int, sum("e")::int, sum("t")::int, sum("v")::int FROM (
    SELECT "member_a_id" AS "member_id", date_trunc('month', "met_on")::date AS "month", 1 AS "o", 0 AS "e", 0 AS "t", 0 AS "v"
    FROM "one_to_ones" WHERE "status" = 'held'
    UNION ALL SELECT "member_b_id", date_trunc('month', "met_on")::date, 1, 0, 0, 0 FROM "one_to_ones" WHERE "status" = 'held'
    UNION ALL SELECT "member_id", date_trunc('month', "earned_on")::date, 0, 1, 0, 0 FROM "education_units"
    UNION ALL SELECT "writer_id", date_trunc('month', "given_on")::date, 0, 0, 1, 0 FROM "testimonials"
    UNION ALL SELECT v."credited_member_id", date_trunc('month', m."meeting_date")::date, 0, 0, 0, 1
    FROM "visitor_visits" v JOIN "meetings" m ON m."id" = v."meeting_id"
  ) AS "d"
  WHERE "member_id" IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT ("member_id", "month") DO UPDATE SET
  "one_to_ones" = excluded."one_to_ones", "education_units" = excluded."education_units",
  "testimonials" = excluded."testimonials", "visitors" = excluded."visitors";--> statement-breakpoint
INSERT INTO "member_totals" AS t ("member_id", "one_to_ones", "education_units", "testimonials", "visitors")
  SELECT "member_id", sum("one_to_ones")::int, sum("education_units")::int, sum("testimonials")::int, sum("visitors")::int
  FROM "member_month_totals" GROUP BY "member_id" ORDER BY "member_id"
ON CONFLICT ("member_id") DO UPDATE SET
  "one_to_ones" = excluded."one_to_ones", "education_units" = excluded."education_units",
  "testimonials" = excluded."testimonials", "visitors" = excluded."visitors";
