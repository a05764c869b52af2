/** The visit form's texts (zod-free: the painted visit page reads them). */
export const VISITOR_MESSAGES = {
  meetingRequired: 'Choose the meeting you would like to visit',
  meetingClosed: 'This meeting is no longer taking visitors. Please choose another date.',
  meetingHoliday: 'There is no meeting that week. Please choose another date.',
  meetingPast: 'This meeting has already taken place. Please choose an upcoming date.',
  visitLimit: (limit: number) =>
    `You have already visited ${limit === 1 ? 'once' : `${limit} times`}. To keep coming, please apply for membership.`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  inviterNotMember: 'Choose a member of this chapter, or leave it empty',
  registered: 'You are registered. A confirmation with a calendar invitation is on its way to your email.',
  formExpired: 'This form has expired. Please reload the page and try again.',
  hostNotMember: 'Only a member of your chapter can be a visitor host',
  chapterNotFound: 'Chapter not found',
  notFound: 'Visitor not found',
  deleted: 'Visitor deleted',
  reasonRequired: 'Say why this visitor is not a fit',
  markedNotAFit: 'Marked as not a fit',
  alreadyNotAFit: 'This visitor is already marked as not a fit',
  creditNotAttended: 'Only a visit the visitor attended brings a credit',
  creditNotMember: 'Choose a member of this chapter, or no one',
  creditChanged: 'Visitor credit updated',
  followUpNotFound: 'Follow-up call not found',
  followUpRecorded: 'Call recorded',
  followUpAlreadyRecorded: 'This call is already recorded',
  followUpNotYours: 'Only the visitor host of this call, or chapter leadership, can record it',
  outcomeRequired: 'Choose how the call went',
  applyLinkInvalid: 'This link to apply is not valid. You can still fill in the application yourself.',
  presidentNotMember: 'Choose a member of this chapter, or no one',
} as const;

/** What the visit page and the confirmation tell a visitor to bring. */
export const VISIT_WHAT_TO_BRING =
  'Business cards (about 30) and a 30-second introduction of your business: who you help and what a good referral for you looks like.';
