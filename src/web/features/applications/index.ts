// The applications feature's public face: what other features may use of it.
export { useReviewerApplications } from './api/application-queries';
