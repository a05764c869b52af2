import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMember } from '../../../../domain/members/contracts';
import { CACHE_SECONDS } from '../../../../domain/network/constants';
import { api } from '../../../lib/api';
import { apiKey, apiUrl } from '../../../lib/query-keys';
import { toMs } from './directory-queries';
import { takeEmbeddedMember } from './embedded-member';

export const memberBySlugQuery = (slug: string) => {
  // The page's HTML carries this profile on a fresh load; use it instead of a second round trip.
  const embedded = takeEmbeddedMember(slug);
  return queryOptions({
    queryKey: [...apiKey('/api/members/by-name'), slug],
    queryFn: ({ queryKey }) => api.get<PublicMember>(apiUrl(queryKey)),
    staleTime: toMs(CACHE_SECONDS.members),
    ...(embedded ? { initialData: embedded.member, initialDataUpdatedAt: embedded.at } : {}),
  });
};

export const useMemberBySlug = (slug: string | undefined) =>
  useQuery({ ...memberBySlugQuery(slug ?? ''), enabled: Boolean(slug) });
