-- A chapter's meeting day is its own or none; the clock used to invent Tuesday for a chapter without one.
-- A chapter that has met on that Tuesday (a meeting opened, closed or recorded) keeps it, written down;
-- for one that never did, the untouched weeks the clock invented go, and it has no meetings until its day
-- is set.
UPDATE "chapters" c SET "meeting_weekday" = 2, "updated_at" = now()
WHERE c."meeting_weekday" IS NULL
  AND EXISTS (
    SELECT 1 FROM "meetings" m
    WHERE m."chapter_id" = c."id" AND m."scheduled_for" IS NOT NULL AND m."state" IN ('open', 'closed')
  );--> statement-breakpoint
DELETE FROM "meetings" m
USING "chapters" c
WHERE c."id" = m."chapter_id" AND c."meeting_weekday" IS NULL
  AND m."state" = 'scheduled' AND m."extra" = false AND m."scheduled_for" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "attendance_records" r WHERE r."chapter_id" = m."chapter_id" AND r."meeting_date" = m."meeting_date"
  );
