import { useEffect } from 'react';
import { industryOptions } from '../../../../domain/members/directory-filter';
import { DIRECTORY_PAGE_SIZE, SKELETON_CARD_COUNT } from '../../../../domain/network/constants';
import { Pager } from '../../../components/list/pager';
import { QueryState } from '../../../components/list/query-state';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label, SearchInput } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlState } from '../../../lib/use-url-state';
import { cn } from '../../../lib/utils';
import { useMembersPage, usePublicIndustries } from '../api/directory-queries';
import { useSeveralChapters } from '../api/public-chapters';
import { MemberCard, MemberCardSkeleton } from '../components/member-card';
import { RevenueBadge } from '../components/revenue-badge';
import { DIRECTORY_URL_STATE } from '../directory-url-state';
import { rememberDirectorySearch } from '../last-directory-search';

export default function MembersPage() {
  const [{ q, industry, chapter, page }, update, urlSearch] = useUrlState(DIRECTORY_URL_STATE);
  const chapters = useSeveralChapters();
  // The industry list is the chosen chapter's; across the agency, the first chapter's as before.
  const industries = usePublicIndustries(chapter || undefined);
  useEffect(() => rememberDirectorySearch(urlSearch), [urlSearch]);
  // The box follows every keystroke; the server is asked once typing pauses.
  const search = useDebouncedValue(q, 250);
  const members = useMembersPage({ q: search, industry, chapter, page });

  useEffect(() => {
    document.title = 'Member Directory';
  }, []);

  const options = industryOptions((industries.data ?? []).map((i) => i.name));
  // The filter matches case-insensitively, so `?industry=dental` must select 'Dental' in the dropdown;
  // a value that names no option still shows as the active filter.
  const selectedIndustry = options.find((o) => o.toLowerCase() === industry.toLowerCase()) ?? industry;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Member Directory</h1>
          <p className="mt-1 text-slate-600">Find a trusted local business owner by name or industry.</p>
        </div>
        <RevenueBadge />
      </div>

      <div
        className={cn(
          'mt-6 grid gap-3',
          chapters ? 'sm:grid-cols-[1fr_14rem_14rem]' : 'sm:grid-cols-[1fr_16rem]',
        )}
      >
        <SearchInput
          id="member-search"
          label="Search members"
          placeholder="Search by name, business or keyword"
          value={q}
          onChange={(e) => update({ q: e.target.value, page: 1 })}
        />
        <div>
          <Label htmlFor="industry-filter" className="sr-only">
            Industry
          </Label>
          <select
            id="industry-filter"
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            value={selectedIndustry}
            onChange={(e) => update({ industry: e.target.value, page: 1 })}
          >
            <option value="">All Industries</option>
            {selectedIndustry && !options.includes(selectedIndustry) && (
              <option value={selectedIndustry}>{selectedIndustry}</option>
            )}
            {options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {chapters && (
          <div>
            <Label htmlFor="chapter-filter" className="sr-only">
              Chapter
            </Label>
            <NativeSelect
              id="chapter-filter"
              value={chapter}
              onChange={(e) => update({ chapter: e.target.value, industry: '', page: 1 })}
            >
              <option value="">All Chapters</option>
              {chapters.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>

      <QueryState
        query={members}
        loading={
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <MemberCardSkeleton key={i} />
            ))}
          </div>
        }
        error="We could not load the directory. Please try again."
        empty="No members found matching your criteria."
        isEmpty={(data) => data.total === 0}
      >
        {({ items, total }) => (
          <>
            <p className="mt-6 text-sm text-slate-600" aria-live="polite">
              {total} {total === 1 ? 'member' : 'members'}
            </p>
            <div
              className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
              aria-busy={members.isPlaceholderData || undefined}
            >
              {items.map((m) => (
                <MemberCard key={m.id} member={m} showChapter={Boolean(chapters)} />
              ))}
            </div>
            <Pager
              label="Directory pages"
              page={page}
              pageSize={DIRECTORY_PAGE_SIZE}
              total={total}
              onPage={(n) => {
                update({ page: n });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
