import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * True once none of the page's reads is loading, and from then on. A page whose cards load in any order
 * grows above a form as they arrive, so scrolling that form into view waits for this first. The cache is
 * asked after the commit, not at the draw: the cards drawn above have started their reads by then.
 */
export function useReadsSettled(): boolean {
  const client = useQueryClient();
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!settled && fetching === 0 && client.isFetching() === 0) setSettled(true);
  }, [client, fetching, settled]);
  return settled;
}
