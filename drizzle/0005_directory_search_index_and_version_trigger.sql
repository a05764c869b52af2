-- Directory search (issue 9): trigram index over the text the search looks in, for non-guests only. It is a
-- prefilter; the query then applies the exact per-field rule of spec section 5. A hidden bio is not searched.
-- fastupdate off: members change rarely, and a pending list makes the planner skip the index until a vacuum.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_directory_search_trgm_idx" ON "users" USING gin ((
  lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("business_name", '')
    || ' ' || coalesce("description", '') || ' ' || (CASE WHEN "personal_bio_visible" THEN coalesce("personal_bio", '') ELSE '' END))
) gin_trgm_ops) WITH (fastupdate = off) WHERE "role" <> 'GUEST';--> statement-breakpoint
-- The directory's stable order: by name, then id.
CREATE INDEX IF NOT EXISTS "users_directory_order_idx" ON "users" (lower(coalesce("first_name", '')), lower(coalesce("last_name", '')), "id") WHERE "role" <> 'GUEST';--> statement-breakpoint
INSERT INTO "directory_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- Bumps the directory version when anything a public answer shows changes: a listed member is added or
-- removed, becomes or stops being a guest, or changes a public field. Private columns (password, identity,
-- dues, commission, account email, updated_at) change nothing public and do not bump it.
CREATE OR REPLACE FUNCTION "bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."role" = 'GUEST' THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD."role" = 'GUEST' THEN RETURN NULL; END IF;
  ELSE
    IF OLD."role" = 'GUEST' AND NEW."role" = 'GUEST' THEN RETURN NULL; END IF;
    IF (OLD."role" = 'GUEST') = (NEW."role" = 'GUEST') AND
       ROW(OLD."slug", OLD."first_name", OLD."last_name", OLD."business_name", OLD."position", OLD."industry",
           OLD."description", OLD."experience_level", OLD."profile_image_url", OLD."avatar_color",
           OLD."personal_bio", OLD."personal_bio_visible", OLD."personal_email", OLD."personal_email_visible",
           OLD."personal_phone", OLD."personal_phone_visible", OLD."business_email", OLD."business_email_visible",
           OLD."business_phone", OLD."business_phone_visible", OLD."website", OLD."linkedin", OLD."facebook",
           OLD."instagram", OLD."twitter")
       IS NOT DISTINCT FROM
       ROW(NEW."slug", NEW."first_name", NEW."last_name", NEW."business_name", NEW."position", NEW."industry",
           NEW."description", NEW."experience_level", NEW."profile_image_url", NEW."avatar_color",
           NEW."personal_bio", NEW."personal_bio_visible", NEW."personal_email", NEW."personal_email_visible",
           NEW."personal_phone", NEW."personal_phone_visible", NEW."business_email", NEW."business_email_visible",
           NEW."business_phone", NEW."business_phone_visible", NEW."website", NEW."linkedin", NEW."facebook",
           NEW."instagram", NEW."twitter")
    THEN RETURN NULL; END IF;
  END IF;
  UPDATE "directory_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_directory_version"();
