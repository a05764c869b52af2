import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  type AgencyOverview,
  type ChapterOverviewRow,
  monthLabel,
  type OverviewSort,
  overviewValue,
  sortOverview,
} from '../../../../domain/chapters/overview';
import { formatUsd } from '../../../../domain/money';
import { QueryState } from '../../../components/list/query-state';
import { SortHeaderButton } from '../../../components/list/sort-header-button';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAgencyOverview } from '../api/chapter-queries';

interface Column {
  sort: OverviewSort;
  label: (month: string) => string;
  show: (row: ChapterOverviewRow, month: number) => string;
}

const COLUMNS: Column[] = [
  { sort: 'members', label: () => 'Members', show: (r) => String(r.members) },
  { sort: 'openSeats', label: () => 'Open seats', show: (r) => String(r.openSeats) },
  {
    sort: 'pendingApplications',
    label: () => 'Pending applications',
    show: (r) => String(r.pendingApplications),
  },
  {
    sort: 'attendanceRate',
    label: () => 'Attendance',
    show: (r) => (r.attendanceRate === null ? '—' : `${r.attendanceRate}%`),
  },
  { sort: 'referrals', label: (m) => `Referrals ${m}`, show: (r, i) => String(r.referrals[i] ?? 0) },
  { sort: 'revenue', label: (m) => `Revenue ${m}`, show: (r, i) => formatUsd(r.revenue[i] ?? '0') },
  {
    sort: 'referralsTotal',
    label: () => 'Referrals, 7 months',
    show: (r, i) => String(overviewValue(r, 'referralsTotal', i)),
  },
  {
    sort: 'revenueTotal',
    label: () => 'Revenue, 7 months',
    // Cents: formatUsd reads a number as cents.
    show: (r, i) => formatUsd(overviewValue(r, 'revenueTotal', i) ?? 0),
  },
];

const SortButton = ({
  label,
  ...props
}: {
  label: string;
  active: boolean;
  dir: 'asc' | 'desc';
  onClick: () => void;
}) => (
  <SortHeaderButton className="text-left whitespace-nowrap" {...props}>
    {label}
  </SortHeaderButton>
);

function OverviewTable({ overview }: { overview: AgencyOverview }) {
  const monthId = useId();
  const [month, setMonth] = useState(overview.months.length - 1);
  const [sort, setSort] = useState<OverviewSort>('name');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const rows = sortOverview(overview.chapters, sort, dir, month);
  const monthName = monthLabel(overview.months[month] ?? overview.months.at(-1)!);
  const sortBy = (next: OverviewSort) => {
    setDir(next === sort ? (dir === 'asc' ? 'desc' : 'asc') : next === 'name' ? 'asc' : 'desc');
    setSort(next);
  };
  const ariaSort = (column: OverviewSort) =>
    column === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={monthId} className="text-sm font-medium text-slate-700">
            Month
          </label>
          <NativeSelect
            id={monthId}
            className="mt-1 w-44"
            value={month}
            onChange={(e) => setMonth(Number(e.target.value))}
          >
            {overview.months.map((m, i) => (
              <option key={m} value={i}>
                {monthLabel(m)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <a
          href="/api/agency/overview.csv"
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </div>
      <OverviewCards
        rows={rows}
        month={month}
        monthName={monthName}
        sort={sort}
        dir={dir}
        onSort={(next, nextDir) => {
          setSort(next);
          setDir(nextDir);
        }}
      />
      {/* The table from 768 px (its sort buttons make it reachable by keyboard when it scrolls). */}
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
        <table className="w-full text-left text-sm" data-testid="agency-overview">
          <caption className="sr-only">Every chapter side by side, sortable by each column</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium" aria-sort={ariaSort('name')}>
                <SortButton
                  label="Chapter"
                  active={sort === 'name'}
                  dir={dir}
                  onClick={() => sortBy('name')}
                />
              </th>
              {COLUMNS.map((c) => (
                <th key={c.sort} scope="col" className="px-3 py-2 font-medium" aria-sort={ariaSort(c.sort)}>
                  <SortButton
                    label={c.label(monthName)}
                    active={sort === c.sort}
                    dir={dir}
                    onClick={() => sortBy(c.sort)}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="overview-row">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link
                    href={`/dashboard?tab=users&chapter=${row.slug}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {row.name}
                  </Link>
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.sort} className="px-3 py-2 tabular-nums">
                    {c.show(row, month)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Below 768 px: a card per chapter, sorted by a select instead of the table's headers. */
function OverviewCards({
  rows,
  month,
  monthName,
  sort,
  dir,
  onSort,
}: {
  rows: ChapterOverviewRow[];
  month: number;
  monthName: string;
  sort: OverviewSort;
  dir: 'asc' | 'desc';
  onSort: (sort: OverviewSort, dir: 'asc' | 'desc') => void;
}) {
  const sortId = useId();
  return (
    <div className="space-y-3 md:hidden">
      <div>
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Sort by
        </label>
        <NativeSelect
          id={sortId}
          className="mt-1"
          value={`${sort}:${dir}`}
          onChange={(e) => {
            const [next, nextDir] = e.target.value.split(':') as [OverviewSort, 'asc' | 'desc'];
            onSort(next, nextDir);
          }}
        >
          <option value="name:asc">Chapter, A to Z</option>
          {COLUMNS.map((c) => (
            <option key={c.sort} value={`${c.sort}:desc`}>
              {c.label(monthName)}, highest first
            </option>
          ))}
        </NativeSelect>
      </div>
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={row.id} className="rounded-lg border border-slate-200 p-4" data-testid="overview-card">
            <Link
              href={`/dashboard?tab=users&chapter=${row.slug}`}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {row.name}
            </Link>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {COLUMNS.map((c) => (
                <div key={c.sort} className="contents">
                  <dt className="text-slate-600">{c.label(monthName)}</dt>
                  <dd className="text-right font-medium tabular-nums text-slate-900">{c.show(row, month)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The agency overview: every chapter side by side; a chapter's name opens its dashboard. */
export default function AgencyOverviewTab() {
  const overview = useAgencyOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency Overview</CardTitle>
        <CardDescription>
          Approved referrals with a member of the chapter on either side, by sale month; a referral between
          two chapters counts in both. Attendance covers the last six months.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={overview}
          loading={<Skeleton className="h-40 w-full" />}
          error="We could not load the agency overview. Please try again."
          empty="No chapters yet."
          isEmpty={(data) => data.chapters.length === 0}
        >
          {(data) => <OverviewTable overview={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
