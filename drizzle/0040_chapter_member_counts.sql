ALTER TABLE "chapter_user_totals" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each chapter's members (accounts other than guests) kept beside its accounts, by the same statement triggers:
-- the chapter lists and the agency overview read a row instead of counting every member of every chapter.
CREATE OR REPLACE FUNCTION "count_chapter_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count", "member_count")
      SELECT "chapter_id", count(*), count(*) FILTER (WHERE "role" <> 'GUEST') FROM "new_rows"
      WHERE "chapter_id" IS NOT NULL GROUP BY "chapter_id"
    ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count",
      "member_count" = t."member_count" + excluded."member_count";
  ELSE
    INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count", "member_count")
      SELECT "chapter_id", -count(*), -count(*) FILTER (WHERE "role" <> 'GUEST') FROM "old_rows"
      WHERE "chapter_id" IS NOT NULL GROUP BY "chapter_id"
    ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count",
      "member_count" = t."member_count" + excluded."member_count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only accounts that moved chapter, or became or stopped being a guest, touch the counts: a profile edit takes no
-- lock on its chapter's row. Each such account leaves its old chapter as it was and joins its new one as it is.
CREATE OR REPLACE FUNCTION "move_chapter_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "chapter_user_totals" AS t ("chapter_id", "user_count", "member_count")
    SELECT m."chapter_id", sum(m."users"), sum(m."members") FROM (
      SELECT o."chapter_id", -(o."chapter_id" IS DISTINCT FROM n."chapter_id")::int AS "users",
        -(o."role" <> 'GUEST')::int AS "members"
        FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."chapter_id" IS NOT NULL AND (o."chapter_id" IS DISTINCT FROM n."chapter_id"
          OR (o."role" = 'GUEST') <> (n."role" = 'GUEST'))
      UNION ALL
      SELECT n."chapter_id", (o."chapter_id" IS DISTINCT FROM n."chapter_id")::int, (n."role" <> 'GUEST')::int
        FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE n."chapter_id" IS NOT NULL AND (o."chapter_id" IS DISTINCT FROM n."chapter_id"
          OR (o."role" = 'GUEST') <> (n."role" = 'GUEST'))
    ) AS m GROUP BY m."chapter_id"
  ON CONFLICT ("chapter_id") DO UPDATE SET "user_count" = t."user_count" + excluded."user_count",
    "member_count" = t."member_count" + excluded."member_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "chapter_user_totals" t SET "member_count" = (
  SELECT count(*) FROM "users" u WHERE u."chapter_id" = t."chapter_id" AND u."role" <> 'GUEST');--> statement-breakpoint
-- A chapter's open seats (its industries no member holds), one seat-index probe per industry instead of reading
-- every holder of the chapter. As the owner, like chapter_seat_holders (migration 0033): under the policies
-- PostgreSQL does not probe the index with lower(). It answers a count every caller may know.
CREATE FUNCTION "chapter_open_seats"("chapter" uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
  SELECT count(*)::int FROM "industries" i
  WHERE i."chapter_id" = "chapter" AND NOT EXISTS (
    SELECT 1 FROM "users" u
    WHERE u."chapter_id" = "chapter" AND lower(u."industry") = lower(i."name") AND u."role" <> 'GUEST')
$$;
