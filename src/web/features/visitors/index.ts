// Visitors' public face: what other features and the dashboard may use of it.
export { followUpWaitingQuery } from './api/follow-up-queries';
export { InviteVisitorCard } from './components/invite-visitor-card';
export { MyCallsCard } from './components/my-calls-card';
