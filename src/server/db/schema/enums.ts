import { pgEnum } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles/roles';

export const userRole = pgEnum('user_role', ROLES);
export const applicationStatus = pgEnum('application_status', [
  'pending',
  'under_review',
  'approved',
  'rejected',
]);
export const referralStatus = pgEnum('referral_status', ['pending', 'approved', 'declined']);
export const referralType = pgEnum('referral_type', ['commission', 'gratitude']);
export const attendanceStatus = pgEnum('attendance_status', ['present', 'absent', 'excused']);
