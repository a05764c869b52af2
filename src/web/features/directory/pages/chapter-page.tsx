import { ArrowLeft, MapPin, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { meetingLine } from '../../../../domain/chapters/meeting-line';
import { DIRECTORY_PAGE_SIZE } from '../../../../domain/network/constants';
import { Pager } from '../../../components/list/pager';
import { QueryState } from '../../../components/list/query-state';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { useMembersPage } from '../api/directory-queries';
import { usePublicChapter } from '../api/public-chapters';
import { MemberCard, MemberCardSkeleton } from '../components/member-card';

function ChapterMembers({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const members = useMembersPage({ q: '', industry: '', chapter: slug, page });
  return (
    <QueryState
      query={members}
      loading={
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <MemberCardSkeleton />
          <MemberCardSkeleton />
        </div>
      }
      error="We could not load the chapter's members. Please try again."
      empty="This chapter has no members yet."
      isEmpty={(data) => data.total === 0}
    >
      {({ items, total }) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((m) => (
              <MemberCard key={m.id} member={m} />
            ))}
          </div>
          <Pager
            label="Chapter member pages"
            page={page}
            pageSize={DIRECTORY_PAGE_SIZE}
            total={total}
            onPage={setPage}
          />
        </>
      )}
    </QueryState>
  );
}

/** One chapter's public page: its meeting, its open seats and its members. */
export default function ChapterPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const chapter = usePublicChapter(slug);
  useEffect(() => {
    document.title = chapter.data ? chapter.data.name : 'Chapter';
  }, [chapter.data]);
  const missing = chapter.error instanceof ApiError && chapter.error.status === 404;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <ButtonLink variant="ghost" size="sm" href="/chapters">
        <ArrowLeft aria-hidden /> All chapters
      </ButtonLink>
      {missing ? (
        <div className="mt-6">
          <h1 className="text-2xl font-bold text-slate-900">Chapter not found</h1>
          <p className="mt-2 text-slate-600">There is no chapter at this address.</p>
        </div>
      ) : (
        <QueryState
          query={chapter}
          loading={<Skeleton className="mt-6 h-32 w-full" />}
          error="We could not load this chapter. Please try again."
          empty={null}
          isEmpty={() => false}
        >
          {(c) => (
            <div className="mt-4 space-y-8">
              <div className="flex flex-wrap items-end justify-between gap-4">
                <div>
                  <h1 className="text-3xl font-bold text-slate-900">{c.name}</h1>
                  <p className="mt-2 flex items-start gap-2 text-slate-700">
                    <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-slate-500" />
                    {meetingLine(c) ?? 'Meeting details coming soon'}
                  </p>
                  <p className="mt-1 flex items-center gap-2 text-slate-700">
                    <Users aria-hidden className="size-4 shrink-0 text-slate-500" />
                    {c.members} member{c.members === 1 ? '' : 's'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ButtonLink variant="outline" href={`/chapters/${c.slug}/visit`}>
                    Visit a meeting
                  </ButtonLink>
                  <ButtonLink variant="accent" href={`/apply?chapter=${c.slug}`}>
                    Apply to {c.name}
                  </ButtonLink>
                </div>
              </div>
              <Card>
                <CardHeader>
                  <CardTitle>Open seats</CardTitle>
                </CardHeader>
                <CardContent>
                  {c.openSeatIndustries.length === 0 ? (
                    <p className="text-sm text-slate-600">
                      Every listed industry has its member. Apply with yours: a new industry is welcome.
                    </p>
                  ) : (
                    <ul className="flex flex-wrap gap-2" data-testid="open-seats">
                      {c.openSeatIndustries.map((name) => (
                        <li key={name}>
                          <Link
                            href={`/chapters/${c.slug}/visit?industry=${encodeURIComponent(name)}`}
                            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
                          >
                            {name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
              <section aria-labelledby="chapter-members-heading" className="space-y-4">
                <h2 id="chapter-members-heading" className="text-xl font-semibold text-slate-900">
                  Members
                </h2>
                <ChapterMembers slug={c.slug} />
              </section>
            </div>
          )}
        </QueryState>
      )}
    </div>
  );
}
