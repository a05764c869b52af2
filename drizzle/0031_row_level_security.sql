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
-- The member picker's rows: every current member's public columns, agency-wide (referrals cross chapters). A
-- view runs as its owner, whom the policies do not bind, so its search keeps the trigram index: under a policy,
-- PostgreSQL may not use a non-leakproof operator such as `~` on an index (17 ms instead of 0.5 ms at 10,000).
CREATE VIEW "member_choices" AS
  SELECT "id", "first_name", "last_name", "business_name", "position", "industry", "ideal_referral", "chapter_id",
         "role"
  FROM "users" WHERE "role" <> 'GUEST';
