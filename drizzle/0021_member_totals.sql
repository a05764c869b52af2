CREATE TABLE "member_month_totals" (
	"member_id" uuid NOT NULL,
	"month" date NOT NULL,
	"given_count" integer DEFAULT 0 NOT NULL,
	"given_amount" numeric DEFAULT '0' NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"received_amount" numeric DEFAULT '0' NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_month_totals_member_id_month_pk" PRIMARY KEY("member_id","month")
);
--> statement-breakpoint
CREATE TABLE "member_totals" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"given_count" integer DEFAULT 0 NOT NULL,
	"given_amount" numeric DEFAULT '0' NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"received_amount" numeric DEFAULT '0' NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The newest-first pages' indexes as plain DESC (nulls first), the order `ORDER BY ... DESC` asks for:
-- built DESC NULLS LAST they could not give that order, so every page read and sorted all the rows.
DROP INDEX "notifications_user_created_id_idx";--> statement-breakpoint
DROP INDEX "referrals_referrer_sale_idx";--> statement-breakpoint
DROP INDEX "referrals_reporter_sale_idx";--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD CONSTRAINT "member_month_totals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totals" ADD CONSTRAINT "member_totals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_absent_member_date_idx" ON "attendance_records" USING btree ("member_id","meeting_date") WHERE "attendance_records"."status" = 'absent';--> statement-breakpoint
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_sale_idx" ON "referrals" USING btree ("referrer_id","sale_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_reporter_sale_idx" ON "referrals" USING btree ("reporter_id","sale_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Adds one statement's changed rows to their members' months and all-time totals: the old rows (update,
-- delete) taken away, the new rows (insert, update) added. Every statement upserts in the same order
-- (all-time rows by member, then months by member and month), so two statements touching the same
-- members cannot deadlock. A member deleted in this transaction is skipped: the cascade removes theirs.
CREATE FUNCTION "apply_referral_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['old_rows', 'new_rows'] END LOOP
    EXECUTE format($q$
      WITH "d" AS (
        SELECT "member_id", "month", $1 * sum("given") AS "gc", $1 * sum("given_amount") AS "ga",
          $1 * sum("received") AS "rc", $1 * sum("received_amount") AS "ra"
        FROM (
          SELECT "referrer_id" AS "member_id", date_trunc('month', "sale_date")::date AS "month",
            1 AS "given", "amount" AS "given_amount", 0 AS "received", 0::numeric AS "received_amount"
          FROM %1$I WHERE "status" = 'approved' AND "referrer_id" IS NOT NULL
          UNION ALL
          SELECT "reporter_id", date_trunc('month', "sale_date")::date, 0, 0, 1, "amount"
          FROM %1$I WHERE "status" = 'approved' AND "reporter_id" IS NOT NULL
        ) AS "x"
        WHERE "member_id" IN (SELECT "id" FROM "users")
        GROUP BY "member_id", "month"
      ), "months" AS (
        INSERT INTO "member_month_totals" AS t ("member_id", "month", "given_count", "given_amount", "received_count", "received_amount")
          SELECT "member_id", "month", "gc", "ga", "rc", "ra" FROM "d" ORDER BY "member_id", "month"
        ON CONFLICT ("member_id", "month") DO UPDATE SET
          "given_count" = t."given_count" + excluded."given_count",
          "given_amount" = t."given_amount" + excluded."given_amount",
          "received_count" = t."received_count" + excluded."received_count",
          "received_amount" = t."received_amount" + excluded."received_amount"
      )
      INSERT INTO "member_totals" AS t ("member_id", "given_count", "given_amount", "received_count", "received_amount")
        SELECT "member_id", sum("gc"), sum("ga"), sum("rc"), sum("ra") FROM "d" GROUP BY "member_id" ORDER BY "member_id"
      ON CONFLICT ("member_id") DO UPDATE SET
        "given_count" = t."given_count" + excluded."given_count",
        "given_amount" = t."given_amount" + excluded."given_amount",
        "received_count" = t."received_count" + excluded."received_count",
        "received_amount" = t."received_amount" + excluded."received_amount"
    $q$, source) USING CASE source WHEN 'old_rows' THEN -1 ELSE 1 END;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "apply_attendance_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['old_rows', 'new_rows'] END LOOP
    EXECUTE format($q$
      WITH "d" AS (
        SELECT "member_id", date_trunc('month', "meeting_date")::date AS "month",
          $1 * count(*) FILTER (WHERE "status" = 'present') AS "p",
          $1 * count(*) FILTER (WHERE "status" = 'absent') AS "a",
          $1 * count(*) FILTER (WHERE "status" = 'excused') AS "e"
        FROM %I
        WHERE "member_id" IN (SELECT "id" FROM "users")
        GROUP BY 1, 2
      ), "months" AS (
        INSERT INTO "member_month_totals" AS t ("member_id", "month", "present", "absent", "excused")
          SELECT "member_id", "month", "p", "a", "e" FROM "d" ORDER BY "member_id", "month"
        ON CONFLICT ("member_id", "month") DO UPDATE SET
          "present" = t."present" + excluded."present",
          "absent" = t."absent" + excluded."absent",
          "excused" = t."excused" + excluded."excused"
      )
      INSERT INTO "member_totals" AS t ("member_id", "present", "absent", "excused")
        SELECT "member_id", sum("p"), sum("a"), sum("e") FROM "d" GROUP BY "member_id" ORDER BY "member_id"
      ON CONFLICT ("member_id") DO UPDATE SET
        "present" = t."present" + excluded."present",
        "absent" = t."absent" + excluded."absent",
        "excused" = t."excused" + excluded."excused"
    $q$, source) USING CASE source WHEN 'old_rows' THEN -1 ELSE 1 END;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "referral_member_totals_insert" AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_member_totals"();--> statement-breakpoint
CREATE TRIGGER "referral_member_totals_update" AFTER UPDATE ON "referrals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_member_totals"();--> statement-breakpoint
CREATE TRIGGER "referral_member_totals_delete" AFTER DELETE ON "referrals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_member_totals"();--> statement-breakpoint
CREATE TRIGGER "attendance_member_totals_insert" AFTER INSERT ON "attendance_records"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_member_totals"();--> statement-breakpoint
CREATE TRIGGER "attendance_member_totals_update" AFTER UPDATE ON "attendance_records"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_member_totals"();--> statement-breakpoint
CREATE TRIGGER "attendance_member_totals_delete" AFTER DELETE ON "attendance_records"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_member_totals"();--> statement-breakpoint
-- Today's rows, counted once (a fresh database has none): months from the source rows, all time from the months.
INSERT INTO "member_month_totals" ("member_id", "month", "given_count", "given_amount", "received_count", "received_amount", "present", "absent", "excused")
  SELECT "member_id", "month", sum("gc"), sum("ga"), sum("rc"), sum("ra"), sum("p"), sum("a"), sum("e")
  FROM (
    SELECT "referrer_id" AS "member_id", date_trunc('month', "sale_date")::date AS "month",
      1 AS "gc", "amount" AS "ga", 0 AS "rc", 0::numeric AS "ra", 0 AS "p", 0 AS "a", 0 AS "e"
    FROM "referrals" WHERE "status" = 'approved' AND "referrer_id" IS NOT NULL
    UNION ALL
    SELECT "reporter_id", date_trunc('month', "sale_date")::date, 0, 0, 1, "amount", 0, 0, 0
    FROM "referrals" WHERE "status" = 'approved' AND "reporter_id" IS NOT NULL
    UNION ALL
    SELECT "member_id", date_trunc('month', "meeting_date")::date, 0, 0, 0, 0,
      ("status" = 'present')::int, ("status" = 'absent')::int, ("status" = 'excused')::int
    FROM "attendance_records"
  ) AS "x"
  GROUP BY "member_id", "month";
--> statement-breakpoint
INSERT INTO "member_totals" ("member_id", "given_count", "given_amount", "received_count", "received_amount", "present", "absent", "excused")
  SELECT "member_id", sum("given_count"), sum("given_amount"), sum("received_count"), sum("received_amount"), sum("present"), sum("absent"), sum("excused")
  FROM "member_month_totals" GROUP BY "member_id";
--> statement-breakpoint
-- The member picker's search: without statistics on the searched text PostgreSQL guesses one match for
-- any word, so a word most members share (a town, a common trade) read every match through the trigram
-- index and sorted them (16 ms at 10,000 members) instead of walking the name order to the first page.
CREATE STATISTICS IF NOT EXISTS "users_choice_search_stats" ON (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("business_name", '') || ' ' || coalesce("position", '') || ' ' || coalesce("industry", ''))) FROM "users";
--> statement-breakpoint
ANALYZE "users";
