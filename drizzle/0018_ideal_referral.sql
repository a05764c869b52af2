ALTER TABLE "users" ADD COLUMN "ideal_referral" text;--> statement-breakpoint
-- The ideal referral is shown on the public profile, so changing it bumps the directory version too.
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
           OLD."instagram", OLD."twitter", OLD."ideal_referral")
       IS NOT DISTINCT FROM
       ROW(NEW."slug", NEW."first_name", NEW."last_name", NEW."business_name", NEW."position", NEW."industry",
           NEW."description", NEW."experience_level", NEW."profile_image_url", NEW."avatar_color",
           NEW."personal_bio", NEW."personal_bio_visible", NEW."personal_email", NEW."personal_email_visible",
           NEW."personal_phone", NEW."personal_phone_visible", NEW."business_email", NEW."business_email_visible",
           NEW."business_phone", NEW."business_phone_visible", NEW."website", NEW."linkedin", NEW."facebook",
           NEW."instagram", NEW."twitter", NEW."ideal_referral")
    THEN RETURN NULL; END IF;
  END IF;
  UPDATE "directory_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The referral picker's server-side search (issue 39): each typed word's stem at the start of a word of the
-- name, business, position or industry, non-guests only. pg_trgm indexes regular expressions too.
CREATE INDEX IF NOT EXISTS "users_choice_search_trgm_idx" ON "users" USING gin ((
  lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("business_name", '')
    || ' ' || coalesce("position", '') || ' ' || coalesce("industry", ''))
) gin_trgm_ops) WITH (fastupdate = off) WHERE "role" <> 'GUEST';
