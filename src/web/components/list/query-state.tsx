import type { ReactNode } from 'react';
import { Button } from '../ui/button';

interface QueryLike<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** What shows while the first answer loads: a skeleton shaped like the content. */
  loading: ReactNode;
  /** The screen's error text; a Try again button refetches. */
  error: string;
  /** The screen's empty text, shown when `isEmpty(data)`. */
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The three states every list has, in one place: loading (marked busy), error (announced, with a
 * retry) and empty, before the content. Placeholder data keeps the last content on screen meanwhile.
 */
export function QueryState<T>({ query, loading, error, empty, isEmpty, children }: Props<T>) {
  if (query.isError) {
    return (
      <div role="alert" className="mt-12 flex flex-col items-center gap-3 text-center">
        <p className="text-red-700">{error}</p>
        {query.refetch && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch?.()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  // Not loaded yet (or not allowed to load yet): the skeleton, marked busy.
  if (query.isLoading || query.data === undefined) return <div aria-busy="true">{loading}</div>;
  if (isEmpty(query.data)) return <div className="mt-12 text-center text-slate-600">{empty}</div>;
  return <>{children(query.data)}</>;
}
