import { centsToDecimal, commissionCents, effectiveDuesCents, networkRoi, parseCents } from '../money';

/** A member's approved-referral figures as SQL sums them (money as numeric decimal strings). */
export interface ReferralTotals {
  referralsGiven: number;
  referralsReceived: number;
  revenueReceived: string;
  revenueGiven: string;
}

export const EMPTY_TOTALS: ReferralTotals = {
  referralsGiven: 0,
  referralsReceived: 0,
  revenueReceived: '0.00',
  revenueGiven: '0.00',
};

/**
 * The Referral Metrics tab's figures, in integer cents:
 * commission = revenue received x rate / 100; earnings = revenue received + commission; ROI amount =
 * earnings - dues; ROI % = earnings / dues x 100; dues = own override > 0, else network default, else 400.
 * Over a period the dues are that many months' share of the annual dues; all time is the
 * product's figure, one year's dues (docs/product.md, "Dues and figures").
 */
export function referralMetrics(
  totals: ReferralTotals,
  member: { commissionPercent: string; annualDuesOverride: string | null },
  networkDefaultDues: string | null,
  duesMonths = 12,
) {
  const revenueReceived = parseCents(totals.revenueReceived) ?? 0;
  const commission = commissionCents(revenueReceived, member.commissionPercent);
  const annualDues = effectiveDuesCents(member.annualDuesOverride, networkDefaultDues);
  const dues = Math.round((annualDues * duesMonths) / 12);
  const roi = networkRoi(revenueReceived, commission, dues);
  return {
    ...totals,
    commissionPercent: member.commissionPercent,
    commissionEarned: centsToDecimal(commission),
    dues: centsToDecimal(dues),
    roiAmount: centsToDecimal(roi.amountCents),
    roiPercent: roi.percent,
  };
}
