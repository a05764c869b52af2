-- Public chapter pages (issue 44.4): a member's chapter is on their public card, so moving a member to
-- another chapter bumps the directory version like any public change, and so does any change to a
-- chapter's public face (name, slug, meeting), which every cached directory answer may show.
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
           OLD."instagram", OLD."twitter", OLD."ideal_referral", OLD."chapter_id")
       IS NOT DISTINCT FROM
       ROW(NEW."slug", NEW."first_name", NEW."last_name", NEW."business_name", NEW."position", NEW."industry",
           NEW."description", NEW."experience_level", NEW."profile_image_url", NEW."avatar_color",
           NEW."personal_bio", NEW."personal_bio_visible", NEW."personal_email", NEW."personal_email_visible",
           NEW."personal_phone", NEW."personal_phone_visible", NEW."business_email", NEW."business_email_visible",
           NEW."business_phone", NEW."business_phone_visible", NEW."website", NEW."linkedin", NEW."facebook",
           NEW."instagram", NEW."twitter", NEW."ideal_referral", NEW."chapter_id")
    THEN RETURN NULL; END IF;
  END IF;
  UPDATE "directory_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_directory_version_for_chapters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "chapters_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "chapters"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version_for_chapters"();
