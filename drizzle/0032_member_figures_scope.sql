ALTER TABLE "member_month_totals" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
ALTER TABLE "member_totals" ADD COLUMN "chapter_id" uuid;--> statement-breakpoint
ALTER TABLE "member_month_totals" ADD CONSTRAINT "member_month_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totals" ADD CONSTRAINT "member_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A member's kept figures (referral counts and revenue, attendance by status) are chapter data like the member's
-- own row: they carry the member's chapter and get the same second lock as migration 0031. The column is kept
-- by triggers: set from users on every new row, and moved with the member when their chapter changes.
UPDATE "member_totals" t SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = t."member_id";--> statement-breakpoint
UPDATE "member_month_totals" t SET "chapter_id" = u."chapter_id" FROM "users" u WHERE u."id" = t."member_id";--> statement-breakpoint
CREATE FUNCTION "member_figures_chapter"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  NEW."chapter_id" := (SELECT "chapter_id" FROM "users" WHERE "id" = NEW."member_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_totals_chapter" BEFORE INSERT ON "member_totals"
  FOR EACH ROW EXECUTE FUNCTION "member_figures_chapter"();--> statement-breakpoint
CREATE TRIGGER "member_month_totals_chapter" BEFORE INSERT ON "member_month_totals"
  FOR EACH ROW EXECUTE FUNCTION "member_figures_chapter"();--> statement-breakpoint
CREATE FUNCTION "move_member_figures"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE "member_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  UPDATE "member_month_totals" SET "chapter_id" = NEW."chapter_id" WHERE "member_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_move_member_figures" AFTER UPDATE OF "chapter_id" ON "users"
  FOR EACH ROW WHEN (OLD."chapter_id" IS DISTINCT FROM NEW."chapter_id") EXECUTE FUNCTION "move_member_figures"();--> statement-breakpoint
ALTER TABLE "member_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "member_totals" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
ALTER TABLE "member_month_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "member_month_totals" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
-- The triggers that keep the figures run as the owner (whom the policies do not bind): a change the app may make
-- must move every figure it touches, even a member's in a chapter outside the transaction's scope (a referral
-- across chapters). Under the policy an UPDATE of such a row would quietly change nothing and the figures drift.
ALTER FUNCTION "apply_referral_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "apply_attendance_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;--> statement-breakpoint
ALTER FUNCTION "open_member_totals"() SECURITY DEFINER SET search_path FROM CURRENT;
