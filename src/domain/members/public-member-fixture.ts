import type { PublicMember } from './contracts';

/** A public member with nothing filled in but what `over` gives: tests set exactly what they test. */
export const publicMember = (over: Partial<PublicMember> = {}): PublicMember => ({
  id: 'id',
  slug: 's',
  firstName: null,
  lastName: null,
  businessName: null,
  position: null,
  industry: null,
  description: null,
  experienceLevel: null,
  profileImageUrl: null,
  avatarColor: null,
  memberSince: '2026-01-01T00:00:00.000Z',
  contactInfo: {},
  ...over,
});
