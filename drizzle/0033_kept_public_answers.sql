-- The chapters' public answers (members, open seats) are kept per directory version like the directory's, so a
-- change to a chapter's industries moves that version too (a member's role, industry or chapter already does).
CREATE TRIGGER "industries_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "industries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version_for_chapters"();--> statement-breakpoint
-- Every seat holder of one chapter at once: per industry (lower-cased), the first non-guest member to join, by
-- join date then id, the rule `seat_holder` answers for one industry. Listing a chapter's open seats joins its
-- industries to this set instead of looking each industry up. Read through users_industry_seat_idx.
CREATE FUNCTION "chapter_seat_holders"("chapter" uuid) RETURNS TABLE ("industry" text, "holder" uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
  SELECT DISTINCT ON (lower("industry")) lower("industry"), "id" FROM "users"
  WHERE "chapter_id" = "chapter" AND "industry" IS NOT NULL AND "role" <> 'GUEST'
  ORDER BY lower("industry"), "created_at", "id"
$$;--> statement-breakpoint
-- The same rule for one industry, as before, written so the chapter's seat index answers it: `IS NOT DISTINCT
-- FROM` cannot use an index, so each call read every member of the network (7 ms at 10,000). A chapter of
-- null (accounts outside any chapter) is the second branch, skipped whenever a chapter is given.
-- Both run as the owner (SECURITY DEFINER), whom the row-level policies do not bind: under a policy PostgreSQL
-- will not probe an index with `lower()` (not leakproof), so as the app role each call read the chapter's
-- every account again. They answer only which account holds a seat, which every caller may know.
CREATE OR REPLACE FUNCTION "seat_holder"("industry_name" text, "chapter" uuid, "except_id" uuid DEFAULT NULL) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
  SELECT "id" FROM (
    SELECT "id", "created_at" FROM "users"
    WHERE "chapter_id" = "chapter" AND lower("industry") = lower("industry_name") AND "role" <> 'GUEST'
      AND "id" IS DISTINCT FROM "except_id"
    UNION ALL
    SELECT "id", "created_at" FROM "users"
    WHERE "chapter" IS NULL AND "chapter_id" IS NULL AND lower("industry") = lower("industry_name")
      AND "role" <> 'GUEST' AND "id" IS DISTINCT FROM "except_id"
  ) AS "candidates"
  ORDER BY "created_at", "id" LIMIT 1
$$;
