import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTestimonial } from '../../../../domain/testimonials/contracts';
import { PUBLIC_TESTIMONIALS_CACHE_SECONDS } from '../../../../domain/testimonials/messages';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';

// Apart from the member's own testimonial reads: a public profile loads only this.
/** What a member chose to show on their public profile. */
export const publicTestimonialsQuery = (memberId: string) =>
  queryOptions({
    queryKey: [...apiKey('/api/testimonials/public'), memberId],
    queryFn: ({ queryKey }) => api.get<PublicTestimonial[]>(apiUrl(queryKey)),
    staleTime: PUBLIC_TESTIMONIALS_CACHE_SECONDS * 1000,
  });
export const usePublicTestimonials = (memberId: string) => useQuery(publicTestimonialsQuery(memberId));
