ALTER TABLE "referral_proposals" DROP CONSTRAINT "referral_proposals_referral_id_referrals_id_fk";
