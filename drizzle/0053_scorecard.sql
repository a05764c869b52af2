CREATE TABLE "score_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"reason" text NOT NULL,
	"changed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_rule_sets_version" CHECK ("score_rule_sets"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "score_snapshots" (
	"member_id" uuid NOT NULL,
	"month" date NOT NULL,
	"chapter_id" uuid NOT NULL,
	"rule_version" integer NOT NULL,
	"total" integer NOT NULL,
	"colour" text NOT NULL,
	"weeks" integer NOT NULL,
	"components" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_snapshots_member_id_month_pk" PRIMARY KEY("member_id","month"),
	CONSTRAINT "score_snapshots_colour" CHECK ("score_snapshots"."colour" in ('green', 'yellow', 'red', 'grey'))
);
--> statement-breakpoint
ALTER TABLE "score_rule_sets" ADD CONSTRAINT "score_rule_sets_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_rule_sets" ADD CONSTRAINT "score_rule_sets_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD CONSTRAINT "score_snapshots_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD CONSTRAINT "score_snapshots_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "score_rule_sets_chapter_version_key" ON "score_rule_sets" USING btree ("chapter_id","version");--> statement-breakpoint
CREATE INDEX "score_snapshots_chapter_month_idx" ON "score_snapshots" USING btree ("chapter_id","month");--> statement-breakpoint
-- A chapter's rules and its members' scores are chapter-owned like its other rows (docs/decisions/0039).
ALTER TABLE "score_rule_sets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "score_rule_sets" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));--> statement-breakpoint
ALTER TABLE "score_snapshots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "score_snapshots" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));
