import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface Props {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/**
 * The page numbers to show: the first, the last, and the current one with its neighbours; a gap
 * (null) where pages are skipped. A directory of 10,000 members gets seven buttons, not 1,112.
 */
export function pagerWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last > 1) out.push(n - last === 2 ? last + 1 : null);
    out.push(n);
  }
  return out;
}

export function DirectoryPager({ page, pageCount, onPage }: Props) {
  return (
    <nav aria-label="Directory pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden /> Previous
      </Button>
      {pagerWindow(page, pageCount).map((n, i) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Button
            key={n}
            size="sm"
            variant={n === page ? 'default' : 'outline'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
