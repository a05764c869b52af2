CREATE TYPE "public"."referral_proposal_kind" AS ENUM('change', 'removal');--> statement-breakpoint
CREATE TYPE "public"."referral_proposal_status" AS ENUM('pending', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'change_proposed';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'change_accepted';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'change_declined';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'change_withdrawn';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'removal_requested';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'removal_accepted';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'removal_declined';--> statement-breakpoint
ALTER TYPE "public"."referral_event_kind" ADD VALUE 'removal_withdrawn';--> statement-breakpoint
CREATE TABLE "referral_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"kind" "referral_proposal_kind" NOT NULL,
	"status" "referral_proposal_status" DEFAULT 'pending' NOT NULL,
	"proposed_by_id" uuid,
	"amount" numeric(12, 2),
	"sale_date" date,
	"answered_by_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "referral_proposals" ADD CONSTRAINT "referral_proposals_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_proposals" ADD CONSTRAINT "referral_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_proposals" ADD CONSTRAINT "referral_proposals_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_proposals_one_pending_idx" ON "referral_proposals" USING btree ("referral_id") WHERE "referral_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referral_proposals_referral_idx" ON "referral_proposals" USING btree ("referral_id");