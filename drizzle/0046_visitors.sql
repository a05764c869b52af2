CREATE TABLE "outbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"visit_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"calendar_method" text,
	"calendar" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"business" text,
	"industry" text,
	"note" text,
	"invited_by_id" uuid,
	"stage" text DEFAULT 'registered' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_stage" CHECK ("visitors"."stage" in ('invited', 'registered', 'attended', 'followed_up', 'applied', 'member', 'not_a_fit')),
	CONSTRAINT "visitors_source" CHECK ("visitors"."source" in ('public_form', 'member', 'walk_in'))
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "visit_limit" integer;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "visitor_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_visit_id_visitor_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visitor_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_visits" ADD CONSTRAINT "visitor_visits_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_emails_queue_idx" ON "outbound_emails" USING btree ("next_attempt_at") WHERE "outbound_emails"."status" in ('pending', 'claimed', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_visits_visitor_meeting_key" ON "visitor_visits" USING btree ("visitor_id","meeting_id");--> statement-breakpoint
CREATE INDEX "visitor_visits_meeting_idx" ON "visitor_visits" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "visitor_visits_unreminded_idx" ON "visitor_visits" USING btree ("meeting_id") WHERE "visitor_visits"."reminded_at" is null and "visitor_visits"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_chapter_email_key" ON "visitors" USING btree ("chapter_id",lower("email"));--> statement-breakpoint
CREATE INDEX "visitors_invited_by_idx" ON "visitors" USING btree ("invited_by_id","created_at");--> statement-breakpoint
-- Visitors are chapter-owned rows like the others (docs/decisions/0039): the same policy keeps each
-- transaction to the chapters in its scope.
DO $$
DECLARE
  owned text;
BEGIN
  FOREACH owned IN ARRAY ARRAY['visitors', 'visitor_visits', 'outbound_emails'] LOOP
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
