CREATE TABLE "attendance_meeting_totals" (
	"meeting_date" date PRIMARY KEY NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Adds each statement's changed rows to their meetings' totals: the old rows (update, delete) taken away,
-- the new rows (insert, update) added, one upsert per meeting touched; meetings left empty are removed.
CREATE FUNCTION "apply_attendance_meeting_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "attendance_meeting_totals" AS t ("meeting_date", "present", "absent", "excused")
      SELECT "meeting_date",
        -count(*) FILTER (WHERE "status" = 'present'),
        -count(*) FILTER (WHERE "status" = 'absent'),
        -count(*) FILTER (WHERE "status" = 'excused')
      FROM "old_rows" GROUP BY "meeting_date"
    ON CONFLICT ("meeting_date") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "attendance_meeting_totals" AS t ("meeting_date", "present", "absent", "excused")
      SELECT "meeting_date",
        count(*) FILTER (WHERE "status" = 'present'),
        count(*) FILTER (WHERE "status" = 'absent'),
        count(*) FILTER (WHERE "status" = 'excused')
      FROM "new_rows" GROUP BY "meeting_date"
    ON CONFLICT ("meeting_date") DO UPDATE SET
      "present" = t."present" + excluded."present",
      "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused";
  END IF;
  DELETE FROM "attendance_meeting_totals" WHERE "present" = 0 AND "absent" = 0 AND "excused" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_meeting_totals_insert" AFTER INSERT ON "attendance_records"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_meeting_totals"();--> statement-breakpoint
CREATE TRIGGER "attendance_meeting_totals_update" AFTER UPDATE ON "attendance_records"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_meeting_totals"();--> statement-breakpoint
CREATE TRIGGER "attendance_meeting_totals_delete" AFTER DELETE ON "attendance_records"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_attendance_meeting_totals"();--> statement-breakpoint
INSERT INTO "attendance_meeting_totals" ("meeting_date", "present", "absent", "excused")
  SELECT "meeting_date",
    count(*) FILTER (WHERE "status" = 'present'),
    count(*) FILTER (WHERE "status" = 'absent'),
    count(*) FILTER (WHERE "status" = 'excused')
  FROM "attendance_records" GROUP BY "meeting_date";
--> statement-breakpoint
-- Everyone (guests too: a demoted member's records still list) in A-to-Z order: a meeting's page of
-- records walks this index and probes attendance_member_date_key, stopping at the page's end.
CREATE INDEX IF NOT EXISTS "users_name_order_idx" ON "users" (lower(coalesce("first_name", '')), lower(coalesce("last_name", '')), "id");
