// The education-units feature's public face: what other features may use of it.
export { MeetingTrainingDialog } from './components/meeting-training-dialog';
