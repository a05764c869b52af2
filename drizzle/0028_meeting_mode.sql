CREATE TABLE "check_in_taps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chapter_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"action" text NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL,
	"recorded_by_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "agenda" jsonb;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "agenda_segment" integer;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "agenda_segment_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "agenda" jsonb;--> statement-breakpoint
ALTER TABLE "check_in_taps" ADD CONSTRAINT "check_in_taps_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_taps" ADD CONSTRAINT "check_in_taps_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_taps" ADD CONSTRAINT "check_in_taps_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_taps" ADD CONSTRAINT "check_in_taps_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_taps_meeting_idx" ON "check_in_taps" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "check_in_taps_member_idx" ON "check_in_taps" USING btree ("member_id");