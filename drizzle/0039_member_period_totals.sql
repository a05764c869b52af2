CREATE TABLE "member_period_totals" (
	"member_id" uuid NOT NULL,
	"period" text NOT NULL,
	"chapter_id" uuid,
	"given_count" integer DEFAULT 0 NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"substitute" integer DEFAULT 0 NOT NULL,
	"attendance_order" numeric GENERATED ALWAYS AS (case when present + late + substitute + absent = 0 then -1 else (present + late + substitute)::numeric / (present + late + substitute + absent) end) STORED,
	"referral_count" integer GENERATED ALWAYS AS (given_count + received_count) STORED,
	CONSTRAINT "member_period_totals_member_id_period_pk" PRIMARY KEY("member_id","period"),
	CONSTRAINT "member_period_totals_period" CHECK (period in ('month', 'quarter', 'ytd', 'year'))
);
--> statement-breakpoint
CREATE TABLE "period_total_ranges" (
	"period" text PRIMARY KEY NOT NULL,
	"from_month" date NOT NULL,
	"to_month" date NOT NULL,
	CONSTRAINT "period_total_ranges_period" CHECK (period in ('month', 'quarter', 'ytd', 'year'))
);
--> statement-breakpoint
ALTER TABLE "member_period_totals" ADD CONSTRAINT "member_period_totals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_period_totals" ADD CONSTRAINT "member_period_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_period_totals_attendance_order_idx" ON "member_period_totals" USING btree ("period","attendance_order","member_id");--> statement-breakpoint
CREATE INDEX "member_period_totals_referral_count_idx" ON "member_period_totals" USING btree ("period","referral_count","member_id");--> statement-breakpoint
CREATE INDEX "member_period_totals_chapter_attendance_idx" ON "member_period_totals" USING btree ("period","chapter_id","attendance_order","member_id");--> statement-breakpoint
CREATE INDEX "member_period_totals_chapter_referrals_idx" ON "member_period_totals" USING btree ("period","chapter_id","referral_count","member_id");--> statement-breakpoint
-- A member's period sums are chapter data like their other kept figures: the same policy as member_totals.
ALTER TABLE "member_period_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "member_period_totals" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
-- The ranges are read by everyone and written only by the refresh below (as the owner), with the sums.
ALTER TABLE "period_total_ranges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "read_only" ON "period_total_ranges" AS PERMISSIVE FOR SELECT USING (true);--> statement-breakpoint
-- New members get a row of zeros for each kept period, in their chapter (member_totals' rows have it by now): one
-- statement for all of a statement's new members, so a large import pays one insert, not one per member.
CREATE FUNCTION "open_member_period_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO "member_period_totals" ("member_id", "period", "chapter_id")
    SELECT n."member_id", r."period", n."chapter_id" FROM "new_rows" n CROSS JOIN "period_total_ranges" r
    ORDER BY n."member_id", r."period"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_totals_open_periods" AFTER INSERT ON "member_totals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "open_member_period_totals"();--> statement-breakpoint
-- A statement's changes to members' months are added to each kept period whose months hold the month (old
-- figures taken away, new ones added), one set-based update per statement. Every writer of the months thus
-- locks member_month_totals before member_period_totals, as the refresh below does.
CREATE FUNCTION "apply_month_period_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "d" AS (
      SELECT c."member_id", r."period", sum(c."sign" * c."given_count") AS "given_count",
        sum(c."sign" * c."received_count") AS "received_count", sum(c."sign" * c."present") AS "present",
        sum(c."sign" * c."absent") AS "absent", sum(c."sign" * c."late") AS "late",
        sum(c."sign" * c."substitute") AS "substitute"
      FROM "changed" c JOIN "period_total_ranges" r ON c."month" BETWEEN r."from_month" AND r."to_month"
      GROUP BY c."member_id", r."period"
    )
    UPDATE "member_period_totals" p SET "given_count" = p."given_count" + d."given_count",
      "received_count" = p."received_count" + d."received_count", "present" = p."present" + d."present",
      "absent" = p."absent" + d."absent", "late" = p."late" + d."late", "substitute" = p."substitute" + d."substitute"
    FROM "d"
    WHERE p."member_id" = d."member_id" AND p."period" = d."period"
      -- A move of chapter rewrites the months' chapter and no figure: nothing to add.
      AND (d."given_count", d."received_count", d."present", d."absent", d."late", d."substitute")
        <> (0, 0, 0, 0, 0, 0)
  $q$, "changed_rows_sql"(TG_OP));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_month_totals_periods_insert" AFTER INSERT ON "member_month_totals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_month_period_totals"();--> statement-breakpoint
CREATE TRIGGER "member_month_totals_periods_update" AFTER UPDATE ON "member_month_totals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_month_period_totals"();--> statement-breakpoint
CREATE TRIGGER "member_month_totals_periods_delete" AFTER DELETE ON "member_month_totals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_month_period_totals"();--> statement-breakpoint
-- A member who changes chapter takes their period sums along. Named to fire after "users_move_member_figures",
-- so a move too locks the months before the period sums.
CREATE FUNCTION "move_member_period_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE "member_period_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_move_period_totals" AFTER UPDATE OF "chapter_id" ON "users"
  FOR EACH ROW WHEN (OLD."chapter_id" IS DISTINCT FROM NEW."chapter_id") EXECUTE FUNCTION "move_member_period_totals"();--> statement-breakpoint
-- Move the kept periods to `ranges` (a JSON array of {period, from, to}): every member's sums recounted from
-- their months. The lock (reads go on) waits for the transactions writing months and holds new ones back until
-- this commits, so no change is counted twice or lost. It is also exclusive of itself: a second caller waits,
-- then finds the ranges moved already.
CREATE FUNCTION "refresh_member_period_totals"("ranges" jsonb) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  LOCK TABLE "member_month_totals" IN SHARE ROW EXCLUSIVE MODE;
  IF (SELECT coalesce(jsonb_agg(jsonb_build_object('period', "period", 'from', "from_month", 'to', "to_month")
        ORDER BY "period"), '[]') FROM "period_total_ranges")
     = (SELECT coalesce(jsonb_agg(x ORDER BY x->>'period'), '[]') FROM jsonb_array_elements("ranges") x) THEN
    RETURN false;
  END IF;
  DELETE FROM "period_total_ranges";
  INSERT INTO "period_total_ranges" ("period", "from_month", "to_month")
    SELECT x->>'period', (x->>'from')::date, (x->>'to')::date FROM jsonb_array_elements("ranges") x;
  INSERT INTO "member_period_totals" AS p ("member_id", "period", "chapter_id", "given_count", "received_count",
      "present", "absent", "late", "substitute")
    SELECT t."member_id", r."period", t."chapter_id", coalesce(sum(m."given_count"), 0),
      coalesce(sum(m."received_count"), 0), coalesce(sum(m."present"), 0), coalesce(sum(m."absent"), 0),
      coalesce(sum(m."late"), 0), coalesce(sum(m."substitute"), 0)
    FROM "member_totals" t CROSS JOIN "period_total_ranges" r
    LEFT JOIN "member_month_totals" m
      ON m."member_id" = t."member_id" AND m."month" BETWEEN r."from_month" AND r."to_month"
    GROUP BY t."member_id", r."period", t."chapter_id"
    ORDER BY t."member_id", r."period"
  ON CONFLICT ("member_id", "period") DO UPDATE SET "chapter_id" = EXCLUDED."chapter_id",
    "given_count" = EXCLUDED."given_count", "received_count" = EXCLUDED."received_count",
    "present" = EXCLUDED."present", "absent" = EXCLUDED."absent", "late" = EXCLUDED."late",
    "substitute" = EXCLUDED."substitute";
  DELETE FROM "member_period_totals" p
    WHERE NOT EXISTS (SELECT 1 FROM "period_total_ranges" r WHERE r."period" = p."period");
  RETURN true;
END
$$;
--> statement-breakpoint
-- Filled now for the periods around today in the chapters' time zone, so that every member has their rows from
-- here on (a member who joins copies the periods from period_total_ranges); the server moves them each month.
SELECT "refresh_member_period_totals"(jsonb_build_array(
  jsonb_build_object('period', 'month', 'from', m, 'to', m),
  jsonb_build_object('period', 'quarter', 'from', date_trunc('quarter', m)::date, 'to', m),
  jsonb_build_object('period', 'ytd', 'from', date_trunc('year', m)::date, 'to', m),
  jsonb_build_object('period', 'year', 'from', (m - interval '11 months')::date, 'to', m)))
FROM (SELECT date_trunc('month', now() AT TIME ZONE 'America/Denver')::date AS m) AS today;
--> statement-breakpoint
-- Four rows that never grow: without statistics the planner takes the table for a thousand rows, and a recount
-- joined to it crosses the cost at which PostgreSQL compiles the query (300 ms each time).
ANALYZE "period_total_ranges";
