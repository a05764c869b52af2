// Visitors' public face: what other features and the dashboard may use of it.
export { InviteVisitorCard } from './components/invite-visitor-card';
