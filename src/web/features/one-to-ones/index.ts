// The one-to-ones feature's public face: what other features may use of it.
export { OneToOneLinks } from './components/one-to-one-links';
