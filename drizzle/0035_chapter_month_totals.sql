CREATE TABLE "chapter_month_totals" (
	"chapter_id" uuid NOT NULL,
	"month" date NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"revenue" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "chapter_month_totals_chapter_id_month_pk" PRIMARY KEY("chapter_id","month")
);
--> statement-breakpoint
ALTER TABLE "chapter_month_totals" ADD CONSTRAINT "chapter_month_totals_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A chapter's figures are chapter data: the same second lock as migration 0031. The functions below keep
-- them as the owner (SECURITY DEFINER), whom the policies do not bind: a referral across chapters moves a
-- chapter outside the transaction's scope too.
ALTER TABLE "chapter_month_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "chapter_month_totals" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
-- A statement's referral changes, each approved referral counted once in each distinct chapter of its parties
-- (their chapters now), old rows taken away and new rows added, upserted in (chapter, month) order.
CREATE FUNCTION "apply_referral_chapter_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "parts" AS (
      SELECT DISTINCT c."sign", c."id", c."amount", date_trunc('month', c."sale_date")::date AS "month", u."chapter_id"
      FROM "changed" c JOIN "users" u ON u."id" IN (c."referrer_id", c."reporter_id")
      WHERE c."status" = 'approved' AND u."chapter_id" IS NOT NULL
    )
    INSERT INTO "chapter_month_totals" AS t ("chapter_id", "month", "referrals", "revenue")
      SELECT "chapter_id", "month", sum("sign"), sum("sign" * "amount") FROM "parts"
      GROUP BY "chapter_id", "month" ORDER BY "chapter_id", "month"
    ON CONFLICT ("chapter_id", "month") DO UPDATE SET
      "referrals" = t."referrals" + excluded."referrals", "revenue" = t."revenue" + excluded."revenue"
  $q$, "changed_rows_sql"(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Named to fire after the members' triggers (triggers fire in name order): every statement locks members'
-- rows before chapters' rows, as a chapter move does (its members' rows move in row triggers, first).
CREATE TRIGGER "referral_totals_of_chapters_insert" AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_chapter_totals"();--> statement-breakpoint
CREATE TRIGGER "referral_totals_of_chapters_update" AFTER UPDATE ON "referrals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_chapter_totals"();--> statement-breakpoint
CREATE TRIGGER "referral_totals_of_chapters_delete" AFTER DELETE ON "referrals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_referral_chapter_totals"();--> statement-breakpoint
-- Members who changed chapter in a statement take their referrals' counts along: each of their approved
-- referrals is taken away from its parties' chapters as they were and added to their chapters now.
CREATE FUNCTION "move_chapter_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "old_users" o JOIN "new_users" n ON n."id" = o."id" WHERE o."chapter_id" IS DISTINCT FROM n."chapter_id"
  ) THEN
    RETURN NULL;
  END IF;
  WITH "moved" AS (
    SELECT o."id", o."chapter_id" AS "before" FROM "old_users" o JOIN "new_users" n ON n."id" = o."id"
    WHERE o."chapter_id" IS DISTINCT FROM n."chapter_id"
  ), "touched" AS (
    SELECT DISTINCT r."id", r."amount", date_trunc('month', r."sale_date")::date AS "month", r."referrer_id", r."reporter_id"
    FROM "referrals" r JOIN "moved" m ON m."id" IN (r."referrer_id", r."reporter_id")
    WHERE r."status" = 'approved'
  ), "parts" AS (
    SELECT -1 AS "sign", t."id", t."amount", t."month",
      CASE WHEN m."id" IS NULL THEN u."chapter_id" ELSE m."before" END AS "chapter_id"
    FROM "touched" t JOIN "users" u ON u."id" IN (t."referrer_id", t."reporter_id") LEFT JOIN "moved" m ON m."id" = u."id"
    UNION
    SELECT 1, t."id", t."amount", t."month", u."chapter_id"
    FROM "touched" t JOIN "users" u ON u."id" IN (t."referrer_id", t."reporter_id")
  )
  INSERT INTO "chapter_month_totals" AS t ("chapter_id", "month", "referrals", "revenue")
    SELECT "chapter_id", "month", sum("sign"), sum("sign" * "amount") FROM "parts" WHERE "chapter_id" IS NOT NULL
    GROUP BY "chapter_id", "month" ORDER BY "chapter_id", "month"
  ON CONFLICT ("chapter_id", "month") DO UPDATE SET
    "referrals" = t."referrals" + excluded."referrals", "revenue" = t."revenue" + excluded."revenue";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_move_chapter_totals" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_users" NEW TABLE AS "new_users" FOR EACH STATEMENT EXECUTE FUNCTION "move_chapter_totals"();--> statement-breakpoint
-- A member removed: their referrals stay (their side becomes empty), so each approved one leaves the member's
-- chapter unless its other party is in that chapter too. Done before the row goes, while the member's
-- chapter is known; the referrals' own trigger then sees only the other party, whose count does not change.
CREATE FUNCTION "remove_member_chapter_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  IF OLD."chapter_id" IS NULL THEN
    RETURN OLD;
  END IF;
  INSERT INTO "chapter_month_totals" AS t ("chapter_id", "month", "referrals", "revenue")
    SELECT OLD."chapter_id", date_trunc('month', r."sale_date")::date AS "month", -count(*), -sum(r."amount")
    FROM "referrals" r
    LEFT JOIN "users" other ON other."id" <> OLD."id"
      AND other."id" = CASE WHEN r."referrer_id" = OLD."id" THEN r."reporter_id" ELSE r."referrer_id" END
    WHERE r."status" = 'approved' AND OLD."id" IN (r."referrer_id", r."reporter_id")
      AND other."chapter_id" IS DISTINCT FROM OLD."chapter_id"
    GROUP BY 2 ORDER BY 2
  ON CONFLICT ("chapter_id", "month") DO UPDATE SET
    "referrals" = t."referrals" + excluded."referrals", "revenue" = t."revenue" + excluded."revenue";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_remove_chapter_totals" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "remove_member_chapter_totals"();--> statement-breakpoint
-- Today's referrals, counted once (a fresh database has none).
INSERT INTO "chapter_month_totals" ("chapter_id", "month", "referrals", "revenue")
  SELECT "chapter_id", "month", count(*), sum("amount")
  FROM (
    SELECT DISTINCT r."id", r."amount", date_trunc('month', r."sale_date")::date AS "month", u."chapter_id"
    FROM "referrals" r JOIN "users" u ON u."id" IN (r."referrer_id", r."reporter_id")
    WHERE r."status" = 'approved' AND u."chapter_id" IS NOT NULL
  ) AS "p"
  GROUP BY "chapter_id", "month";
