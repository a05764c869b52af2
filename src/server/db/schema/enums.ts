import { pgEnum } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '../../../domain/applications/status';
import { ATTENDANCE_STATUSES, AWAY_KINDS, MEETING_STATES } from '../../../domain/attendance/status';
import {
  REFERRAL_EVENT_KINDS,
  REFERRAL_PROPOSAL_KINDS,
  REFERRAL_PROPOSAL_STATUSES,
  REFERRAL_STATUSES,
  REFERRAL_TYPES,
} from '../../../domain/referrals/status';
import { ROLES } from '../../../domain/roles/roles';

// The domain owns every enum's values; the database mirrors them (a change here needs a migration).
export const userRole = pgEnum('user_role', ROLES);
export const applicationStatus = pgEnum('application_status', APPLICATION_STATUSES);
export const referralStatus = pgEnum('referral_status', REFERRAL_STATUSES);
export const referralType = pgEnum('referral_type', REFERRAL_TYPES);
export const attendanceStatus = pgEnum('attendance_status', ATTENDANCE_STATUSES);
export const meetingState = pgEnum('meeting_state', MEETING_STATES);
export const awayKind = pgEnum('away_kind', AWAY_KINDS);
export const referralEventKind = pgEnum('referral_event_kind', REFERRAL_EVENT_KINDS);
export const referralProposalKind = pgEnum('referral_proposal_kind', REFERRAL_PROPOSAL_KINDS);
export const referralProposalStatus = pgEnum('referral_proposal_status', REFERRAL_PROPOSAL_STATUSES);
