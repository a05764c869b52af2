import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui/button';
import { pageCountOf, pagerWindow, showingRange } from './pager-window';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers ('Directory pages'). */
  label: string;
  /** What is counted, after the numbers: 'Showing 1 to 15 of 40 members'. */
  noun?: string;
}

/** 'Showing x to y of z' with Previous, page numbers and Next; nothing when everything fits one page. */
export function Pager({ page, pageSize, total, onPage, label, noun }: Props) {
  const pageCount = pageCountOf(total, pageSize);
  if (pageCount <= 1) return null;
  const current = Math.min(page, pageCount);
  return (
    <nav aria-label={label} className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-slate-600">{showingRange(current, pageSize, total, noun)}</p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => onPage(current - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        {pagerWindow(current, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <Button
              key={n}
              size="sm"
              variant={n === current ? 'default' : 'outline'}
              aria-current={n === current ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={current >= pageCount}
          onClick={() => onPage(current + 1)}
        >
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
