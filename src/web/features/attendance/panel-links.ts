import type { PanelLink } from '../../components/skip-links/skip-links';

/** The Attendance tab's panels a keyboard reaches from the top of the page. */
export const MEETING_PANELS = [
  { panelId: 'panel-meetings', label: 'Skip to the meetings list' },
  { panelId: 'panel-meeting', label: 'Skip to the meeting on screen' },
] as const satisfies readonly PanelLink[];
