import { Button } from '../ui/button';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a list the server pages; says so when the next page failed, and offers it again. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-3 flex flex-col items-center gap-2">
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          We could not load more. Please try again.
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
