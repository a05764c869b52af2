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
CREATE TABLE "network_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"approved_count" integer DEFAULT 0 NOT NULL,
	"approved_amount" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "network_totals_one_row" CHECK ("network_totals"."id" = 1)
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
-- One statement's changed rows, each with its sign: the old rows (update, delete) taken away, the new
-- rows (insert, update) added. A transition table a statement does not have cannot even be named, hence
-- the text.
CREATE FUNCTION "changed_rows_sql"("op" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS "sign", * FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT -1 AS "sign", * FROM "old_rows"'
    ELSE 'SELECT -1 AS "sign", * FROM "old_rows" UNION ALL SELECT 1, * FROM "new_rows"'
  END
$$;--> statement-breakpoint
-- Adds a statement's referral changes to their members' all-time totals and months, then to the
-- network's row. Every statement locks in that order (all-time rows by member, months by member and
-- month, the network's row), each set in one sorted upsert, so two statements touching the same members
-- wait for each other and cannot deadlock. A member deleted in this transaction is skipped: the cascade
-- removes their rows.
CREATE FUNCTION "apply_referral_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "d" AS (
      SELECT "member_id", "month", sum("sign" * "given") AS "gc", sum("sign" * "given_amount") AS "ga",
        sum("sign" * "received") AS "rc", sum("sign" * "received_amount") AS "ra"
      FROM (
        SELECT "sign", "referrer_id" AS "member_id", date_trunc('month', "sale_date")::date AS "month",
          1 AS "given", "amount" AS "given_amount", 0 AS "received", 0::numeric AS "received_amount"
        FROM "changed" WHERE "status" = 'approved' AND "referrer_id" IS NOT NULL
        UNION ALL
        SELECT "sign", "reporter_id", date_trunc('month', "sale_date")::date, 0, 0, 1, "amount"
        FROM "changed" WHERE "status" = 'approved' AND "reporter_id" IS NOT NULL
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
  $q$, "changed_rows_sql"(TG_OP));
  -- The network's total counts every approved referral, whoever its parties are now.
  EXECUTE format($q$
    INSERT INTO "network_totals" AS t ("id", "approved_count", "approved_amount")
      SELECT 1, sum("sign"), sum("sign" * "amount") FROM (%s) AS "changed"
      WHERE "status" = 'approved' HAVING count(*) > 0
    ON CONFLICT ("id") DO UPDATE SET
      "approved_count" = t."approved_count" + excluded."approved_count",
      "approved_amount" = t."approved_amount" + excluded."approved_amount"
  $q$, "changed_rows_sql"(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The same for attendance: all-time rows by member, then months by member and month.
CREATE FUNCTION "apply_attendance_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "d" AS (
      SELECT "member_id", date_trunc('month', "meeting_date")::date AS "month",
        sum("sign") FILTER (WHERE "status" = 'present') AS "p",
        sum("sign") FILTER (WHERE "status" = 'absent') AS "a",
        sum("sign") FILTER (WHERE "status" = 'excused') AS "e"
      FROM "changed"
      WHERE "member_id" IN (SELECT "id" FROM "users")
      GROUP BY 1, 2
    ), "months" AS (
      INSERT INTO "member_month_totals" AS t ("member_id", "month", "present", "absent", "excused")
        SELECT "member_id", "month", coalesce("p", 0), coalesce("a", 0), coalesce("e", 0) FROM "d" ORDER BY "member_id", "month"
      ON CONFLICT ("member_id", "month") DO UPDATE SET
        "present" = t."present" + excluded."present",
        "absent" = t."absent" + excluded."absent",
        "excused" = t."excused" + excluded."excused"
    )
    INSERT INTO "member_totals" AS t ("member_id", "present", "absent", "excused")
      SELECT "member_id", coalesce(sum("p"), 0), coalesce(sum("a"), 0), coalesce(sum("e"), 0) FROM "d" GROUP BY "member_id" ORDER BY "member_id"
    ON CONFLICT ("member_id") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused"
  $q$, "changed_rows_sql"(TG_OP));
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
INSERT INTO "network_totals" ("id", "approved_count", "approved_amount")
  SELECT 1, count(*), coalesce(sum("amount"), 0) FROM "referrals" WHERE "status" = 'approved';
--> statement-breakpoint
-- The member picker's search: without statistics on the searched text PostgreSQL guesses one match for
-- any word, so a word most members share (a town, a common trade) read every match through the trigram
-- index and sorted them (16 ms at 10,000 members) instead of walking the name order to the first page.
CREATE STATISTICS IF NOT EXISTS "users_choice_search_stats" ON (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("business_name", '') || ' ' || coalesce("position", '') || ' ' || coalesce("industry", ''))) FROM "users";
--> statement-breakpoint
ANALYZE "users";
