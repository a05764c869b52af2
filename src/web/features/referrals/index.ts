// The referrals feature's public face: what other features may use of it.
export { usePendingReferrals } from './api/referral-queries';
export { choiceLabel, MemberPicker } from './components/member-picker';
