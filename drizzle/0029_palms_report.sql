ALTER TABLE "meetings" ADD COLUMN "report_edition" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");