CREATE TABLE "member_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_slug_redirects" ADD CONSTRAINT "member_slug_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_slug_redirects_user_idx" ON "member_slug_redirects" USING btree ("user_id");