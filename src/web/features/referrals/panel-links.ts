import type { PanelLink } from '../../components/skip-links/skip-links';

/** The Referral Metrics tab's panels a keyboard reaches from the top of the page in two Tabs or three. */
export const REFERRAL_PANELS = [
  { panelId: 'panel-record-referral', label: 'Skip to recording a referral' },
  { panelId: 'panel-pending-referrals', label: 'Skip to referrals waiting for you' },
  { panelId: 'panel-referral-history', label: 'Skip to referral history' },
] as const satisfies readonly PanelLink[];
