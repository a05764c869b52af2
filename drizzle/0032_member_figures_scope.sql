-- A member's kept figures (referral counts and revenue, attendance by status) are chapter data like the member's
-- own row, though these tables carry no chapter_id: the same second lock as migration 0031, through the member's
-- chapter. Every chapter's totals stay readable to a transaction that sees every chapter; otherwise only the
-- rows of members in `app.chapter_scope`'s chapters. The sub-select on users is itself held by users' policy.
DO $$
DECLARE
  figures text;
BEGIN
  FOREACH figures IN ARRAY ARRAY['member_totals', 'member_month_totals'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', figures);
    EXECUTE format(
      'CREATE POLICY "chapter_scope" ON %I AS PERMISSIVE FOR ALL '
      'USING ((SELECT "sees_every_chapter"()) OR "member_id" IN ('
      '  SELECT "id" FROM "users" WHERE "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))) '
      'WITH CHECK ((SELECT "sees_every_chapter"()) OR "member_id" IN ('
      '  SELECT "id" FROM "users" WHERE "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[])))',
      figures
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- The triggers that keep these figures run as the owner (whom the policies do not bind): a change the app may
-- make must move every figure it touches, even a member's in a chapter outside the transaction's scope (a
-- referral across chapters, a member deleted with referrals to another chapter). Under the policy an UPDATE
-- of such a row would quietly change nothing and the figures would drift.
ALTER FUNCTION "apply_referral_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "apply_attendance_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "open_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;
