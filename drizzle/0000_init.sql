CREATE TYPE "public"."application_status" AS ENUM('pending', 'under_review', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."attendance_status" AS ENUM('present', 'absent', 'excused');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."referral_type" AS ENUM('commission', 'gratitude');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('GUEST', 'MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN');--> statement-breakpoint
CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"business_email" text,
	"phone" text NOT NULL,
	"company_name" text NOT NULL,
	"position" text NOT NULL,
	"industry" text NOT NULL,
	"business_description" text NOT NULL,
	"motivation" text NOT NULL,
	"referral_source" text,
	"experience_level" text NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"review_notes" text
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"status" "attendance_status" NOT NULL,
	"notes" text,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"referral_type" "referral_type" DEFAULT 'gratitude' NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"customer_name" text,
	"sale_date" date NOT NULL,
	"notes" text,
	"referrer_id" uuid,
	"reporter_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_annual_dues" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_settings_singleton" CHECK ("network_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"slug" text NOT NULL,
	"role" "user_role" DEFAULT 'GUEST' NOT NULL,
	"first_name" text,
	"last_name" text,
	"business_name" text,
	"position" text,
	"industry" text,
	"personal_email" text,
	"personal_phone" text,
	"business_email" text,
	"business_phone" text,
	"personal_bio" text,
	"description" text,
	"website" text,
	"linkedin" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"personal_email_visible" boolean DEFAULT false NOT NULL,
	"personal_phone_visible" boolean DEFAULT false NOT NULL,
	"personal_bio_visible" boolean DEFAULT true NOT NULL,
	"business_email_visible" boolean DEFAULT true NOT NULL,
	"business_phone_visible" boolean DEFAULT true NOT NULL,
	"annual_dues_override" numeric(12, 2),
	"missed_meeting_limit" integer,
	"commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"avatar_color" text,
	"referral_source" text,
	"motivation" text,
	"experience_level" text,
	"profile_image_url" text,
	"password_hash" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_user_created_idx" ON "activity" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_user_submitted_idx" ON "applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "applications_status_submitted_idx" ON "applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_per_user_key" ON "applications" USING btree ("user_id") WHERE "applications"."status" in ('pending', 'under_review');--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_member_date_key" ON "attendance_records" USING btree ("member_id","meeting_date");--> statement-breakpoint
CREATE INDEX "attendance_meeting_date_idx" ON "attendance_records" USING btree ("meeting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_name_lower_key" ON "industries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "referrals_referrer_status_idx" ON "referrals" USING btree ("referrer_id","status");--> statement-breakpoint
CREATE INDEX "referrals_reporter_status_idx" ON "referrals" USING btree ("reporter_id","status");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "referrals_created_by_idx" ON "referrals" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_key" ON "users" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_key" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","first_name","last_name");--> statement-breakpoint
CREATE INDEX "users_industry_idx" ON "users" USING btree ("industry");