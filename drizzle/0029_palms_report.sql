ALTER TABLE "meetings" ADD COLUMN "report_edition" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "referrals_sale_date_idx" ON "referrals" USING btree ("sale_date");