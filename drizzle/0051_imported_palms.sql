CREATE TABLE "imported_palms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	"absent" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL,
	"substitute" integer DEFAULT 0 NOT NULL,
	"given_inside" integer DEFAULT 0 NOT NULL,
	"given_outside" integer DEFAULT 0 NOT NULL,
	"received_inside" integer DEFAULT 0 NOT NULL,
	"received_outside" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"one_to_ones" integer DEFAULT 0 NOT NULL,
	"closed_business" numeric(14, 2) DEFAULT '0' NOT NULL,
	"education_units" integer DEFAULT 0 NOT NULL,
	"testimonials" integer DEFAULT 0 NOT NULL,
	"imported_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_palms_period" CHECK ("imported_palms"."period_start" <= "imported_palms"."period_end")
);
--> statement-breakpoint
ALTER TABLE "imported_palms" ADD CONSTRAINT "imported_palms_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_palms" ADD CONSTRAINT "imported_palms_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_palms" ADD CONSTRAINT "imported_palms_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_palms_member_period_key" ON "imported_palms" USING btree ("member_id","period_start","period_end");--> statement-breakpoint
CREATE INDEX "imported_palms_member_end_idx" ON "imported_palms" USING btree ("member_id","period_end");--> statement-breakpoint
-- A chapter's imported history is chapter-owned like its other rows (docs/decisions/0039).
ALTER TABLE "imported_palms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "imported_palms" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
-- Imported counts join the kept figures in the month their period ends, as a referral's count joins them in the
-- month of its date: referrals given (RGI + RGO) and received (RRI + RRO), closed business as revenue the member
-- received, a period's attendance, and the slips. One sorted upsert per set, as every figure trigger locks.
CREATE FUNCTION "apply_imported_palms_member_totals"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path FROM CURRENT AS $$
BEGIN
  EXECUTE format($q$
    WITH "changed" AS (%s), "d" AS (
      SELECT "member_id", date_trunc('month', "period_end")::date AS "month",
        sum("sign" * ("given_inside" + "given_outside"))::int AS "g",
        sum("sign" * ("received_inside" + "received_outside"))::int AS "r",
        sum("sign" * "closed_business") AS "ra",
        sum("sign" * "present")::int AS "p", sum("sign" * "absent")::int AS "a", sum("sign" * "excused")::int AS "e",
        sum("sign" * "late")::int AS "l", sum("sign" * "substitute")::int AS "s",
        sum("sign" * "one_to_ones")::int AS "o", sum("sign" * "education_units")::int AS "c",
        sum("sign" * "testimonials")::int AS "t", sum("sign" * "visitors")::int AS "v"
      FROM "changed"
      WHERE "member_id" IN (SELECT "id" FROM "users")
      GROUP BY 1, 2
    ), "months" AS (
      INSERT INTO "member_month_totals" AS t ("member_id", "month", "given_count", "received_count", "received_amount",
          "present", "absent", "excused", "late", "substitute", "one_to_ones", "education_units", "testimonials", "visitors")
        SELECT "member_id", "month", "g", "r", "ra", "p", "a", "e", "l", "s", "o", "c", "t", "v"
        FROM "d" ORDER BY "member_id", "month"
      ON CONFLICT ("member_id", "month") DO UPDATE SET
        "given_count" = t."given_count" + excluded."given_count",
        "received_count" = t."received_count" + excluded."received_count",
        "received_amount" = t."received_amount" + excluded."received_amount",
        "present" = t."present" + excluded."present", "absent" = t."absent" + excluded."absent",
        "excused" = t."excused" + excluded."excused", "late" = t."late" + excluded."late",
        "substitute" = t."substitute" + excluded."substitute", "one_to_ones" = t."one_to_ones" + excluded."one_to_ones",
        "education_units" = t."education_units" + excluded."education_units",
        "testimonials" = t."testimonials" + excluded."testimonials", "visitors" = t."visitors" + excluded."visitors"
    )
    INSERT INTO "member_totals" AS t ("member_id", "given_count", "received_count", "received_amount",
        "present", "absent", "excused", "late", "substitute", "one_to_ones", "education_units", "testimonials", "visitors")
      SELECT "member_id", sum("g"), sum("r"), sum("ra"), sum("p"), sum("a"), sum("e"), sum("l"), sum("s"),
        sum("o"), sum("c"), sum("t"), sum("v")
      FROM "d" GROUP BY "member_id" ORDER BY "member_id"
    ON CONFLICT ("member_id") DO UPDATE SET
      "given_count" = t."given_count" + excluded."given_count",
      "received_count" = t."received_count" + excluded."received_count",
      "received_amount" = t."received_amount" + excluded."received_amount",
      "present" = t."present" + excluded."present", "absent" = t."absent" + excluded."absent",
      "excused" = t."excused" + excluded."excused", "late" = t."late" + excluded."late",
      "substitute" = t."substitute" + excluded."substitute", "one_to_ones" = t."one_to_ones" + excluded."one_to_ones",
      "education_units" = t."education_units" + excluded."education_units",
      "testimonials" = t."testimonials" + excluded."testimonials", "visitors" = t."visitors" + excluded."visitors"
  $q$, "changed_rows_sql"(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "imported_palms_member_totals_insert" AFTER INSERT ON "imported_palms"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_imported_palms_member_totals"();--> statement-breakpoint
CREATE TRIGGER "imported_palms_member_totals_update" AFTER UPDATE ON "imported_palms"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_imported_palms_member_totals"();--> statement-breakpoint
CREATE TRIGGER "imported_palms_member_totals_delete" AFTER DELETE ON "imported_palms"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "apply_imported_palms_member_totals"();
