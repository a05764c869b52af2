-- The second lock on chapter-owned rows (docs/decisions/0039): whatever a query forgets, PostgreSQL itself
-- keeps a transaction to the chapters in `app.chapter_scope`, which the app sets per transaction (SET LOCAL):
-- '*' for every chapter, else a comma-separated list of chapter ids; unset or empty, no chapter at all. The
-- policies bind the app's own role; the owner that runs these migrations is not bound (no FORCE), so a
-- migration's backfill still sees every row.
CREATE FUNCTION "sees_every_chapter"() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.chapter_scope', true) = '*', false)
$$;--> statement-breakpoint
CREATE FUNCTION "visible_chapters"() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_to_array(nullif(nullif(current_setting('app.chapter_scope', true), ''), '*'), ',')::uuid[]
$$;--> statement-breakpoint
-- One policy per table, for reads and writes alike. Each function sits in a sub-select, so it is evaluated once
-- per statement (an init plan), not once per row, and `chapter_id = ANY (...)` can use the chapter index.
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY[
    'activity', 'applications', 'attendance_meeting_totals', 'attendance_records', 'audit_log', 'away_notices',
    'chapter_user_totals', 'check_in_taps', 'industries', 'meetings', 'notifications', 'users'
  ] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', owned);
    EXECUTE format(
      'CREATE POLICY "chapter_scope" ON %I AS PERMISSIVE FOR ALL '
      'USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[])) '
      'WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))',
      owned
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- The account acting in this transaction (`app.actor_id`), whose own rows a policy may let through.
CREATE FUNCTION "acting_account"() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('app.actor_id', true), '')::uuid
$$;--> statement-breakpoint
-- An applicant applies to any chapter (issue 44.4): their own applications are theirs wherever they are.
CREATE POLICY "own_applications" ON "applications" AS PERMISSIVE FOR SELECT
  USING ("user_id" = (SELECT "acting_account"()));--> statement-breakpoint
-- A chapter's own row holds its settings: everyone may read chapters (they are public), but only a transaction
-- that sees a chapter may change it, and only one that sees every chapter may add or remove one.
ALTER TABLE "chapters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapters_read" ON "chapters" AS PERMISSIVE FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY "chapters_change" ON "chapters" AS PERMISSIVE FOR UPDATE
  USING ((SELECT "sees_every_chapter"()) OR "id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
CREATE POLICY "chapters_add" ON "chapters" AS PERMISSIVE FOR INSERT WITH CHECK ((SELECT "sees_every_chapter"()));--> statement-breakpoint
CREATE POLICY "chapters_remove" ON "chapters" AS PERMISSIVE FOR DELETE USING ((SELECT "sees_every_chapter"()));
--> statement-breakpoint
-- The member picker's rows: every current member's public columns, agency-wide (referrals cross chapters). A
-- view runs as its owner, whom the policies do not bind, so its search keeps the trigram index: under a policy,
-- PostgreSQL may not use a non-leakproof operator such as `~` on an index (17 ms instead of 0.5 ms at 10,000).
CREATE VIEW "member_choices" AS
  SELECT "id", "first_name", "last_name", "business_name", "position", "industry", "ideal_referral", "chapter_id",
         "role"
  FROM "users" WHERE "role" <> 'GUEST';
