CREATE TYPE "public"."away_kind" AS ENUM('excused', 'substitute');--> statement-breakpoint
CREATE TYPE "public"."meeting_state" AS ENUM('scheduled', 'open', 'closed', 'holiday');--> statement-breakpoint
ALTER TYPE "public"."attendance_status" ADD VALUE 'late';--> statement-breakpoint
ALTER TYPE "public"."attendance_status" ADD VALUE 'substitute';--> statement-breakpoint
CREATE TABLE "away_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"kind" "away_kind" NOT NULL,
	"reason" text,
	"substitute_name" text,
	"substitute_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"scheduled_for" date,
	"start_time" text NOT NULL,
	"place" text,
	"online_url" text,
	"state" "meeting_state" DEFAULT 'scheduled' NOT NULL,
	"extra" boolean DEFAULT false NOT NULL,
	"note" text,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "attendance_absent_member_date_idx";--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" ADD COLUMN "substitute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "substitute_email" text;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "on_time_minutes" integer;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "lates_per_absence" integer;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "substitute_limit" integer;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD COLUMN "substitute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "substitute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" drop column "attendance_order";--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "attendance_order" numeric GENERATED ALWAYS AS (case when present + late + substitute + absent = 0 then -1 else (present + late + substitute)::numeric / (present + late + substitute + absent) end) STORED;--> statement-breakpoint
CREATE INDEX "member_totals_attendance_order_idx" ON "member_totals" USING btree ("attendance_order","member_id");--> statement-breakpoint
ALTER TABLE "away_notices" ADD CONSTRAINT "away_notices_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_notices" ADD CONSTRAINT "away_notices_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "away_notices_member_date_key" ON "away_notices" USING btree ("member_id","meeting_date");--> statement-breakpoint
CREATE INDEX "away_notices_chapter_date_idx" ON "away_notices" USING btree ("chapter_id","meeting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_chapter_date_key" ON "meetings" USING btree ("chapter_id","meeting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_chapter_scheduled_key" ON "meetings" USING btree ("chapter_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "attendance_window_member_date_idx" ON "attendance_records" USING btree ("member_id","meeting_date") WHERE "attendance_records"."status" not in ('present', 'excused') and "attendance_records"."counted";--> statement-breakpoint
-- Only closed weeks count (issue 45.3): the kept member totals add a record while it is counted, with
-- the two new statuses; closing a meeting flips its records to counted in one update, which this
-- trigger moves into the totals in the same transaction. (plpgsql bodies may name the new enum values:
-- they are read when run, after this migration commits.)
CREATE OR REPLACE FUNCTION "apply_attendance_member_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "d" AS (
      SELECT "member_id", date_trunc('month', "meeting_date")::date AS "month",
        sum("sign") FILTER (WHERE "status" = 'present') AS "p",
        sum("sign") FILTER (WHERE "status" = 'absent') AS "a",
        sum("sign") FILTER (WHERE "status" = 'excused') AS "e",
        sum("sign") FILTER (WHERE "status"::text = 'late') AS "l",
        sum("sign") FILTER (WHERE "status"::text = 'substitute') AS "s"
      FROM "changed"
      WHERE "counted" AND "member_id" IN (SELECT "id" FROM "users")
      GROUP BY 1, 2
    ), "months" AS (
      INSERT INTO "member_month_totals" AS t ("member_id", "month", "present", "absent", "excused", "late", "substitute")
        SELECT "member_id", "month", coalesce("p", 0), coalesce("a", 0), coalesce("e", 0), coalesce("l", 0), coalesce("s", 0)
        FROM "d" ORDER BY "member_id", "month"
      ON CONFLICT ("member_id", "month") DO UPDATE SET
        "present" = t."present" + excluded."present",
        "absent" = t."absent" + excluded."absent",
        "excused" = t."excused" + excluded."excused",
        "late" = t."late" + excluded."late",
        "substitute" = t."substitute" + excluded."substitute"
    )
    INSERT INTO "member_totals" AS t ("member_id", "present", "absent", "excused", "late", "substitute")
      SELECT "member_id", coalesce(sum("p"), 0), coalesce(sum("a"), 0), coalesce(sum("e"), 0), coalesce(sum("l"), 0), coalesce(sum("s"), 0)
      FROM "d" GROUP BY "member_id" ORDER BY "member_id"
    ON CONFLICT ("member_id") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused",
      "late" = t."late" + excluded."late",
      "substitute" = t."substitute" + excluded."substitute"
  $q$, "changed_rows_sql"(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A meeting's totals count every record, counted or not: an open meeting shows its live totals.
CREATE OR REPLACE FUNCTION "apply_attendance_meeting_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s)
    INSERT INTO "attendance_meeting_totals" AS t ("chapter_id", "meeting_date", "present", "absent", "excused", "late", "substitute")
      SELECT "chapter_id", "meeting_date",
        coalesce(sum("sign") FILTER (WHERE "status" = 'present'), 0),
        coalesce(sum("sign") FILTER (WHERE "status" = 'absent'), 0),
        coalesce(sum("sign") FILTER (WHERE "status" = 'excused'), 0),
        coalesce(sum("sign") FILTER (WHERE "status"::text = 'late'), 0),
        coalesce(sum("sign") FILTER (WHERE "status"::text = 'substitute'), 0)
      FROM "changed" GROUP BY "chapter_id", "meeting_date" ORDER BY "chapter_id", "meeting_date"
    ON CONFLICT ("chapter_id", "meeting_date") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused",
      "late" = t."late" + excluded."late",
      "substitute" = t."substitute" + excluded."substitute"
  $q$, "changed_rows_sql"(TG_OP));
  DELETE FROM "attendance_meeting_totals"
    WHERE "present" = 0 AND "absent" = 0 AND "excused" = 0 AND "late" = 0 AND "substitute" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every record belongs to a meeting: history written straight in (an import, the seed) makes its
-- meeting, closed (history, not one of the schedule's weeks: the job clock starts its weeks at the
-- current one), as the week it records is over. The app opens a meeting before it records one.
CREATE FUNCTION "ensure_attendance_meetings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "meetings" ("chapter_id", "meeting_date", "start_time", "place", "state", "closed_at")
    SELECT DISTINCT r."chapter_id", r."meeting_date", coalesce(c."meeting_time", '07:00'), c."meeting_place", 'closed'::"meeting_state", now()
    FROM "new_rows" r JOIN "chapters" c ON c."id" = r."chapter_id"
    ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_records_meeting" AFTER INSERT ON "attendance_records"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ensure_attendance_meetings"();--> statement-breakpoint
-- And records moved to another chapter (a member moving with their history) find their meeting there.
CREATE TRIGGER "attendance_records_meeting_moved" AFTER UPDATE ON "attendance_records"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ensure_attendance_meetings"();--> statement-breakpoint
-- Existing attendance becomes closed meetings, nothing lost (issue 45.3): every record stays, counted.
INSERT INTO "meetings" ("chapter_id", "meeting_date", "start_time", "place", "state", "closed_at")
  SELECT DISTINCT r."chapter_id", r."meeting_date", coalesce(c."meeting_time", '07:00'), c."meeting_place", 'closed'::"meeting_state", now()
  FROM "attendance_records" r JOIN "chapters" c ON c."id" = r."chapter_id"
ON CONFLICT DO NOTHING;
