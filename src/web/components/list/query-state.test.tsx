import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state';

const render = (query: {
  data: string[] | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch?: () => void;
}) =>
  renderToStaticMarkup(
    <QueryState
      query={query}
      loading={<span>skeleton</span>}
      error="We could not load the list."
      empty="Nothing here yet."
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the skeleton, marked busy, until data arrives', () => {
    expect(render({ data: undefined, isLoading: true, isError: false })).toBe(
      '<div aria-busy="true"><span>skeleton</span></div>',
    );
    expect(render({ data: undefined, isLoading: false, isError: false })).toContain('skeleton');
  });

  it('announces the error with a retry when it can refetch', () => {
    const html = render({ data: undefined, isLoading: false, isError: true, refetch: () => undefined });
    expect(html).toContain('role="alert"');
    expect(html).toContain('We could not load the list.');
    expect(html).toContain('Try again');
    expect(render({ data: undefined, isLoading: false, isError: true })).not.toContain('Try again');
  });

  it('shows the empty text, then the content', () => {
    expect(render({ data: [], isLoading: false, isError: false })).toContain('Nothing here yet.');
    expect(render({ data: ['Ann', 'Bo'], isLoading: false, isError: false })).toBe(
      '<ul><li>Ann</li><li>Bo</li></ul>',
    );
  });
});
