CREATE TABLE "education_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"earned_on" date NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"minutes" integer NOT NULL,
	"recorded_by_id" uuid,
	"meeting_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_units_minutes" CHECK ("education_units"."minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"writer_id" uuid,
	"recipient_id" uuid NOT NULL,
	"body" text NOT NULL,
	"given_in" text NOT NULL,
	"given_on" date NOT NULL,
	"shown_on_profile" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_given_in" CHECK ("testimonials"."given_in" in ('meeting', 'written'))
);
--> statement-breakpoint
ALTER TABLE "education_units" ADD CONSTRAINT "education_units_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_units" ADD CONSTRAINT "education_units_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_units" ADD CONSTRAINT "education_units_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "education_units_member_idx" ON "education_units" USING btree ("member_id","earned_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "education_units_meeting_member_key" ON "education_units" USING btree ("meeting_id","member_id","title");--> statement-breakpoint
CREATE INDEX "testimonials_writer_idx" ON "testimonials" USING btree ("writer_id","given_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "testimonials_recipient_idx" ON "testimonials" USING btree ("recipient_id","given_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A profile's painted page shows the testimonials its member chose: showing, hiding or removing a shown one
-- changes the directory's version, so no painted page keeps one its member hid.
CREATE TRIGGER "testimonials_shown_bump_directory_version" AFTER UPDATE OF "shown_on_profile" ON "testimonials"
  FOR EACH ROW WHEN (OLD."shown_on_profile" IS DISTINCT FROM NEW."shown_on_profile")
  EXECUTE FUNCTION "bump_directory_version_for_chapters"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_removed_bump_directory_version" AFTER DELETE ON "testimonials"
  FOR EACH ROW WHEN (OLD."shown_on_profile")
  EXECUTE FUNCTION "bump_directory_version_for_chapters"();
