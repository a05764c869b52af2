-- One installation is an agency with chapters (docs/decisions/0032). Today's network becomes the first
-- chapter: every chapter-owned row is stamped with it, nothing else moves. Start-up names it from NETWORK_NAME.
CREATE TABLE "chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"slug" text,
	"time_zone" text,
	"meeting_weekday" integer,
	"meeting_time" text,
	"meeting_place" text,
	"default_annual_dues" numeric(12, 2),
	"default_commission_percent" numeric(5, 2),
	"missed_meeting_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapters_meeting_weekday_range" CHECK ("chapters"."meeting_weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_slug_key" ON "chapters" USING btree ("slug");--> statement-breakpoint
INSERT INTO "chapters" ("created_at") VALUES (now());--> statement-breakpoint
ALTER TABLE "network_settings" ADD COLUMN "default_commission_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "network_settings" ADD COLUMN "missed_meeting_limit" integer;--> statement-breakpoint
ALTER TABLE "network_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- Members: everyone joins the first chapter (agency administrators too: nothing anyone sees changes).
ALTER TABLE "users" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "users" SET "chapter_id" = (SELECT "id" FROM "chapters" LIMIT 1);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_chapter_idx" ON "users" USING btree ("chapter_id");--> statement-breakpoint
-- The chapter a new row belongs to, when the code leaves it unset: the member's own chapter for rows about a
-- member, the agency's first chapter for a new account (an agency administrator may later be moved to none).
CREATE FUNCTION "first_chapter_id"() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "chapters" ORDER BY "created_at", "id" LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION "default_user_chapter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."chapter_id" IS NULL THEN
    NEW."chapter_id" := "first_chapter_id"();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_default_chapter" BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "default_user_chapter"();--> statement-breakpoint
CREATE FUNCTION "chapter_of_member"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_id uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
BEGIN
  IF NEW."chapter_id" IS NULL THEN
    NEW."chapter_id" := coalesce((SELECT "chapter_id" FROM "users" WHERE "id" = member_id), "first_chapter_id"());
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "chapter_of_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."chapter_id" IS NULL THEN
    NEW."chapter_id" := "first_chapter_id"();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Chapter-owned rows carry chapter_id themselves, not only through a join.
ALTER TABLE "applications" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "applications" a SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = a."user_id";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "chapter_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "chapter_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "applications_chapter" BEFORE INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_member"('user_id');--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "attendance_records" a SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = a."member_id";--> statement-breakpoint
ALTER TABLE "attendance_records" ALTER COLUMN "chapter_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "attendance_records" ALTER COLUMN "chapter_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "attendance_records_chapter" BEFORE INSERT ON "attendance_records"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_member"('member_id');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "notifications" n SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = n."user_id";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "chapter_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "chapter_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "notifications_chapter" BEFORE INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_member"('user_id');--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "activity" a SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = a."user_id";--> statement-breakpoint
CREATE TRIGGER "activity_chapter" BEFORE INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_member"('user_id');--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "industries" SET "chapter_id" = "first_chapter_id"();--> statement-breakpoint
ALTER TABLE "industries" ALTER COLUMN "chapter_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "industries" ALTER COLUMN "chapter_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "industries_chapter" BEFORE INSERT ON "industries"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_first"();--> statement-breakpoint
-- Audit entries belong to the chapter of the actor unless the code names the chapter changed.
ALTER TABLE "audit_log" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "audit_log" SET "chapter_id" = "first_chapter_id"();--> statement-breakpoint
CREATE TRIGGER "audit_log_chapter" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "chapter_of_member"('actor_id');--> statement-breakpoint
-- Each chapter counts its own meetings.
ALTER TABLE "attendance_meeting_totals" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
UPDATE "attendance_meeting_totals" SET "chapter_id" = "first_chapter_id"();--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" ALTER COLUMN "chapter_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" DROP CONSTRAINT "attendance_meeting_totals_pkey";--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" ADD CONSTRAINT "attendance_meeting_totals_chapter_id_meeting_date_pk" PRIMARY KEY("chapter_id","meeting_date");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "apply_attendance_meeting_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "attendance_meeting_totals" AS t ("chapter_id", "meeting_date", "present", "absent", "excused")
      SELECT "chapter_id", "meeting_date",
        -count(*) FILTER (WHERE "status" = 'present'),
        -count(*) FILTER (WHERE "status" = 'absent'),
        -count(*) FILTER (WHERE "status" = 'excused')
      FROM "old_rows" GROUP BY "chapter_id", "meeting_date"
    ON CONFLICT ("chapter_id", "meeting_date") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "attendance_meeting_totals" AS t ("chapter_id", "meeting_date", "present", "absent", "excused")
      SELECT "chapter_id", "meeting_date",
        count(*) FILTER (WHERE "status" = 'present'),
        count(*) FILTER (WHERE "status" = 'absent'),
        count(*) FILTER (WHERE "status" = 'excused')
      FROM "new_rows" GROUP BY "chapter_id", "meeting_date"
    ON CONFLICT ("chapter_id", "meeting_date") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused";
  END IF;
  DELETE FROM "attendance_meeting_totals" WHERE "present" = 0 AND "absent" = 0 AND "excused" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A member moving chapter changes what their session may see: sessions hear of it like a role change.
CREATE OR REPLACE FUNCTION "notify_session_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', o."id"::text)
  FROM "before_rows" AS o JOIN "after_rows" AS n ON n."id" = o."id"
  WHERE (o."role", o."email", o."first_name", o."last_name", o."business_name", o."slug",
         o."profile_image_url", o."avatar_color", o."chapter_id")
    IS DISTINCT FROM (n."role", n."email", n."first_name", n."last_name", n."business_name", n."slug",
         n."profile_image_url", n."avatar_color", n."chapter_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_meeting_totals" ADD CONSTRAINT "attendance_meeting_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "industries_name_lower_key";--> statement-breakpoint
DROP INDEX "applications_status_submitted_idx";--> statement-breakpoint
DROP INDEX "applications_open_submitted_idx";--> statement-breakpoint
DROP INDEX "attendance_meeting_status_idx";--> statement-breakpoint
CREATE INDEX "audit_log_chapter_created_idx" ON "audit_log" USING btree ("chapter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_chapter_name_lower_key" ON "industries" USING btree ("chapter_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("chapter_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "applications_open_submitted_idx" ON "applications" USING btree ("chapter_id",("status" in ('pending', 'under_review')),"submitted_at");--> statement-breakpoint
CREATE INDEX "attendance_meeting_status_idx" ON "attendance_records" USING btree ("chapter_id","meeting_date","status");
--> statement-breakpoint
-- Seats are per chapter: the same industry may hold a seat in every chapter.
DROP FUNCTION "seat_holder"(text, uuid);--> statement-breakpoint
CREATE FUNCTION "seat_holder"("industry_name" text, "chapter" uuid, "except_id" uuid DEFAULT NULL) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "users"
  WHERE "chapter_id" IS NOT DISTINCT FROM "chapter" AND lower("industry") = lower("industry_name")
    AND "role" <> 'GUEST' AND "id" IS DISTINCT FROM "except_id"
  ORDER BY "created_at", "id" LIMIT 1
$$;--> statement-breakpoint
DROP INDEX "users_industry_seat_idx";--> statement-breakpoint
CREATE INDEX "users_industry_seat_idx" ON "users" USING btree ("chapter_id",lower("industry"),"created_at") WHERE "users"."role" <> 'GUEST';
--> statement-breakpoint
-- Each chapter's accounts, kept like user_totals (migration 0023): a chapter's roster total in its page's statement.
CREATE TABLE "chapter_user_totals" (
	"chapter_id" uuid PRIMARY KEY NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "chapter_user_totals" ADD CONSTRAINT "chapter_user_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "count_chapter_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count")
      SELECT "chapter_id", count(*) FROM "new_rows" WHERE "chapter_id" IS NOT NULL GROUP BY "chapter_id"
    ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count";
  ELSE
    INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count")
      SELECT "chapter_id", -count(*) FROM "old_rows" WHERE "chapter_id" IS NOT NULL GROUP BY "chapter_id"
    ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only accounts that moved chapter touch the counts: a profile edit takes no lock on its chapter's row.
CREATE FUNCTION "move_chapter_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count")
    SELECT m."chapter_id", sum(m."n") FROM (
      SELECT o."chapter_id", -1 AS "n" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."chapter_id" IS DISTINCT FROM n."chapter_id" AND o."chapter_id" IS NOT NULL
      UNION ALL
      SELECT n."chapter_id", 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."chapter_id" IS DISTINCT FROM n."chapter_id" AND n."chapter_id" IS NOT NULL
    ) AS m GROUP BY m."chapter_id"
  ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_chapter_count_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_chapter_users"();--> statement-breakpoint
CREATE TRIGGER "users_chapter_count_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "move_chapter_users"();--> statement-breakpoint
CREATE TRIGGER "users_chapter_count_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_chapter_users"();--> statement-breakpoint
INSERT INTO "chapter_user_totals" ("chapter_id", "user_count")
  SELECT "chapter_id", count(*) FROM "users" WHERE "chapter_id" IS NOT NULL GROUP BY "chapter_id";
