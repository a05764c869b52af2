// The directory's public face: what other features may use of it (the lint rules refuse any deeper import).
export { membersQuery, usePublicIndustries } from './api/directory-queries';
export { useMemberChoice, useMemberChoices, useRosterChoices } from './api/member-choice-queries';
export { usePublicChapter, usePublicChapters, useSeveralChapters } from './api/public-chapters';
