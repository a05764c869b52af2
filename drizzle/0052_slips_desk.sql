CREATE TABLE "slip_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"batch_key" uuid NOT NULL,
	"entered_by_id" uuid,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "desk_entry_stands" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD COLUMN "entered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "entered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "entered_by_id" uuid;--> statement-breakpoint
ALTER TABLE "slip_batches" ADD CONSTRAINT "slip_batches_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slip_batches" ADD CONSTRAINT "slip_batches_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slip_batches" ADD CONSTRAINT "slip_batches_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slip_batches_meeting_key" ON "slip_batches" USING btree ("meeting_id","batch_key");--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_to_ones_entered_by_idx" ON "one_to_ones" USING btree ("entered_by_id") WHERE "one_to_ones"."entered_by_id" is not null;--> statement-breakpoint
CREATE INDEX "referrals_entered_by_idx" ON "referrals" USING btree ("entered_by_id") WHERE "referrals"."entered_by_id" is not null;--> statement-breakpoint
CREATE INDEX "testimonials_entered_by_idx" ON "testimonials" USING btree ("entered_by_id") WHERE "testimonials"."entered_by_id" is not null;--> statement-breakpoint
-- A chapter's desk saves are chapter-owned like its other rows (docs/decisions/0039).
ALTER TABLE "slip_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "chapter_scope" ON "slip_batches" AS PERMISSIVE FOR ALL
  USING ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]))
  WITH CHECK ((SELECT "sees_every_chapter"()) OR "chapter_id" = ANY ((SELECT "visible_chapters"())::uuid[]));
