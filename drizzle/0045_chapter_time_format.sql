ALTER TABLE "chapters" ADD COLUMN "time_format" text;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_time_format" CHECK ("chapters"."time_format" in ('12h', '24h'));