CREATE TYPE "public"."review_note_audience" AS ENUM('applicant', 'internal');--> statement-breakpoint
CREATE TABLE "application_review_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"status" "application_status" NOT NULL,
	"audience" "review_note_audience" NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_review_notes" ADD CONSTRAINT "application_review_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_review_notes" ADD CONSTRAINT "application_review_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_review_notes_app_idx" ON "application_review_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_open_submitted_idx" ON "applications" USING btree (("status" in ('pending', 'under_review')),"submitted_at");--> statement-breakpoint
CREATE INDEX "users_industry_seat_idx" ON "users" USING btree (lower("industry"),"created_at") WHERE "users"."role" <> 'GUEST';--> statement-breakpoint
-- Keep every note written so far: on a decided application it was the decision's note to the applicant; on an
-- open one it was a reviewer's working note, so it becomes internal.
INSERT INTO "application_review_notes" ("application_id", "author_id", "status", "audience", "note", "created_at")
SELECT "id", "reviewed_by_id", "status",
  (CASE WHEN "status" IN ('approved', 'rejected') THEN 'applicant' ELSE 'internal' END)::"review_note_audience",
  "review_notes", coalesce("reviewed_at", "submitted_at")
FROM "applications" WHERE coalesce(trim("review_notes"), '') <> '';--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "review_notes";--> statement-breakpoint
-- Avatar colours move one shade darker so white initials reach 4.5:1 contrast.
UPDATE "users" SET "avatar_color" = regexp_replace("avatar_color", '-600$', '-700') WHERE "avatar_color" ~ '^bg-[a-z]+-600$';