CREATE TABLE "visitor_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"host_id" uuid,
	"due_on" date NOT NULL,
	"outcome" text,
	"note" text,
	"recorded_at" timestamp with time zone,
	"recorded_by_id" uuid,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_on" date,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_follow_ups_outcome" CHECK ("visitor_follow_ups"."outcome" is null or "visitor_follow_ups"."outcome" in ('reached', 'left_message', 'not_interested', 'wants_to_apply'))
);
--> statement-breakpoint
CREATE TABLE "visitor_stage_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"cause" text NOT NULL,
	"by_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_stage_events_cause" CHECK ("visitor_stage_events"."cause" in ('invitation', 'registration', 'walk_in', 'check_in', 'follow_up', 'application', 'approval', 'leadership'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chapter_president" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD COLUMN "checked_in_by_id" uuid;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD COLUMN "credited_member_id" uuid;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "member_user_id" uuid;--> statement-breakpoint
ALTER TABLE "visitor_follow_ups" ADD CONSTRAINT "visitor_follow_ups_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_follow_ups" ADD CONSTRAINT "visitor_follow_ups_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_follow_ups" ADD CONSTRAINT "visitor_follow_ups_visit_id_visitor_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visitor_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_follow_ups" ADD CONSTRAINT "visitor_follow_ups_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_follow_ups" ADD CONSTRAINT "visitor_follow_ups_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_stage_events" ADD CONSTRAINT "visitor_stage_events_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_stage_events" ADD CONSTRAINT "visitor_stage_events_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_stage_events" ADD CONSTRAINT "visitor_stage_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_follow_ups_visit_key" ON "visitor_follow_ups" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visitor_follow_ups_open_host_idx" ON "visitor_follow_ups" USING btree ("host_id","due_on") WHERE "visitor_follow_ups"."recorded_at" is null;--> statement-breakpoint
CREATE INDEX "visitor_follow_ups_open_chapter_idx" ON "visitor_follow_ups" USING btree ("chapter_id","due_on") WHERE "visitor_follow_ups"."recorded_at" is null;--> statement-breakpoint
CREATE INDEX "visitor_stage_events_visitor_idx" ON "visitor_stage_events" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "visitor_stage_events_chapter_idx" ON "visitor_stage_events" USING btree ("chapter_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_checked_in_by_id_users_id_fk" FOREIGN KEY ("checked_in_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_credited_member_id_users_id_fk" FOREIGN KEY ("credited_member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_chapter_president_key" ON "users" USING btree ("chapter_id") WHERE "users"."chapter_president";--> statement-breakpoint
CREATE INDEX "visitor_visits_credited_idx" ON "visitor_visits" USING btree ("credited_member_id","meeting_id") WHERE "visitor_visits"."credited_member_id" is not null;--> statement-breakpoint
CREATE INDEX "visitors_chapter_stage_idx" ON "visitors" USING btree ("chapter_id","stage","updated_at");--> statement-breakpoint
-- The visitors' stage moves and follow-up calls are chapter-owned rows like the others (docs/decisions/0039).
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['visitor_stage_events', 'visitor_follow_ups'] LOOP
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
-- Visitors registered before moves were kept start their history with where they stand.
INSERT INTO "visitor_stage_events" ("chapter_id", "visitor_id", "from_stage", "to_stage", "cause", "created_at")
SELECT "chapter_id", "id", NULL, "stage", CASE WHEN "stage" = 'invited' THEN 'invitation' ELSE 'registration' END, "created_at"
FROM "visitors";
