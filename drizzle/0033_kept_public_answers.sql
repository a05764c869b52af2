-- The chapters' public answers (members, open seats) are kept per directory version like the directory's, so a
-- change to a chapter's industries moves that version too (a member's role, industry or chapter already does).
CREATE TRIGGER "industries_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "industries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version_for_chapters"();--> statement-breakpoint
-- Every seat holder of one chapter at once: per industry (lower-cased), the first non-guest member to join, by
-- join date then id, the rule `seat_holder` answers for one industry. Listing a chapter's open seats joins its
-- industries to this set instead of looking each industry up.
CREATE FUNCTION "chapter_seat_holders"("chapter" uuid) RETURNS TABLE ("industry" text, "holder" uuid)
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (lower("industry")) lower("industry"), "id" FROM "users"
  WHERE "chapter_id" IS NOT DISTINCT FROM "chapter" AND "industry" IS NOT NULL AND "role" <> 'GUEST'
  ORDER BY lower("industry"), "created_at", "id"
$$;
