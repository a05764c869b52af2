-- Instances keep a signed-in session for a few seconds (docs/decisions/0030). Whatever ends a session or
-- changes what a session carries (role, name, email, address, picture) tells every instance, by user, in
-- the same transaction: a NOTIFY is delivered at commit, so listeners never hear of a change rolled back.
CREATE FUNCTION "notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', "user_id"::text) FROM (SELECT DISTINCT "user_id" FROM "ended") AS e;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS "ended" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_ended"();--> statement-breakpoint
-- A column list cannot go with transition tables, so the rows whose session fields moved are picked here.
CREATE FUNCTION "notify_session_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', o."id"::text)
  FROM "before_rows" AS o JOIN "after_rows" AS n ON n."id" = o."id"
  WHERE (o."role", o."email", o."first_name", o."last_name", o."business_name", o."slug",
         o."profile_image_url", o."avatar_color")
    IS DISTINCT FROM (n."role", n."email", n."first_name", n."last_name", n."business_name", n."slug",
         n."profile_image_url", n."avatar_color");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_fields_changed" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_users_changed"();
