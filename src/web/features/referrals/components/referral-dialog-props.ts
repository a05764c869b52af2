import type { Referral } from '../../../../domain/referrals/contracts';

/** What the edit and delete dialogs of a history row are given: the row, who is looking, how to close. */
export interface ReferralDialogProps {
  referral: Referral;
  userId: string;
  onClose: () => void;
}
