CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_ms" integer NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "profile_uploads_pending_object_idx" ON "profile_uploads" USING btree ("object_key") WHERE "profile_uploads"."applied_at" is null and "profile_uploads"."object_key" is not null;--> statement-breakpoint
CREATE INDEX "users_profile_image_url_idx" ON "users" USING btree ("profile_image_url");