// The testimonials feature's public face: what other features may use of it.
export { publicTestimonialsQuery } from './api/public-testimonials-query';
export { ProfileTestimonials } from './components/profile-testimonials';
