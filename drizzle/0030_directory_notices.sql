-- Instances keep the directory's answers while its version stands (docs/decisions/0005). Whatever moves the
-- version (a public change to a member or a chapter) now also tells every instance, in the same
-- transaction: a NOTIFY is delivered at commit, so no instance reads the version on every public request.
CREATE FUNCTION "notify_directory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('directory_changed', NEW."version"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "directory_version_changed" AFTER UPDATE ON "directory_version"
  FOR EACH ROW WHEN (OLD."version" IS DISTINCT FROM NEW."version")
  EXECUTE FUNCTION "notify_directory_changed"();
--> statement-breakpoint
-- Searches are answered from each version's members in memory (directory-index.ts), not by a query: the
-- trigram index over the searched text has no reader left, and every member's save paid to keep it.
DROP INDEX IF EXISTS "users_directory_search_trgm_idx";
