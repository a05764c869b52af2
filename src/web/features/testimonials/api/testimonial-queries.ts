import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Testimonial, WriteTestimonialInput } from '../../../../domain/testimonials/contracts';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';
import { apiKey } from '../../../lib/query-keys';

export type TestimonialSide = 'received' | 'written';

/** The testimonials I received, or those I wrote, newest first, a page at a time. */
export const testimonialsQuery = (side: TestimonialSide) =>
  pagedQuery<Testimonial>(apiKey('/api/testimonials', { side }), 0);
export const useTestimonials = (side: TestimonialSide) => useInfiniteQuery(testimonialsQuery(side));

function useTestimonialMutation<T, R>(send: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/testimonials') });
      void queryClient.invalidateQueries({ queryKey: apiKey('/api/meetings') });
    },
  });
}

export const useWriteTestimonial = () =>
  useTestimonialMutation((body: WriteTestimonialInput) => api.post<Testimonial>('/api/testimonials', body));
export const useShowTestimonial = () =>
  useTestimonialMutation(({ id, shownOnProfile }: { id: string; shownOnProfile: boolean }) =>
    api.patch<Testimonial>(`/api/testimonials/${encodeURIComponent(id)}`, { shownOnProfile }),
  );
export const useRemoveTestimonial = () =>
  useTestimonialMutation((id: string) =>
    api.delete<undefined>(`/api/testimonials/${encodeURIComponent(id)}`),
  );
