import { ArrowLeft, CalendarCheck, MapPin, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { longDay } from '../../../../domain/calendar/day-name';
import { formatWallTime } from '../../../../domain/chapters/time-format';
import type { VisitPage as VisitPageData } from '../../../../domain/visitors/contracts';
import { QueryState } from '../../../components/list/query-state';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { usePublicChapter, usePublicChapters } from '../../directory';
import { useVisitPage } from '../api/visitor-queries';
import { VisitForm } from '../components/visit-form';

function Meetings({ page }: { page: VisitPageData }) {
  return (
    <ul className="space-y-3" data-testid="visit-meetings">
      {page.meetings.map((m) => (
        <li key={m.id} className="rounded-md border border-slate-200 p-3">
          <p className="font-medium text-slate-900">
            {longDay(m.meetingDate)} at {formatWallTime(m.startTime, page.chapter.timeFormat)}
          </p>
          {m.place && (
            <p className="mt-1 flex items-start gap-2 text-sm text-slate-700">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {m.place}
            </p>
          )}
          {m.onlineUrl && (
            <p className="mt-1 flex items-start gap-2 text-sm text-slate-700">
              <Video aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <a className="break-all text-brand-700 underline" href={m.onlineUrl} rel="noopener noreferrer">
                Join online
              </a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Registered({ message, slug }: { message: string; slug: string }) {
  return (
    <Card className="mt-8 p-6" role="status">
      <div className="flex items-start gap-3">
        <CalendarCheck aria-hidden className="mt-1 size-6 shrink-0 text-brand-700" />
        <div>
          <h2 className="text-xl font-semibold text-slate-900">See you there!</h2>
          <p className="mt-2 text-slate-700">{message}</p>
          <ButtonLink className="mt-4" variant="outline" href={`/chapters/${slug}`}>
            Back to the chapter
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}

/** One chapter's visit page: its next meetings, what to bring, and the form. */
function ChapterVisit({ slug }: { slug: string }) {
  const page = useVisitPage(slug);
  const chapter = usePublicChapter(slug);
  const [registered, setRegistered] = useState<string | null>(null);
  useEffect(() => {
    document.title = page.data ? `Visit ${page.data.chapter.name}` : 'Visit a meeting';
  }, [page.data]);
  useEffect(() => {
    if (registered) window.scrollTo(0, 0);
  }, [registered]);
  if (page.error instanceof ApiError && page.error.status === 404) {
    return (
      <div className="mt-6">
        <h1 className="text-2xl font-bold text-slate-900">Chapter not found</h1>
        <p className="mt-2 text-slate-600">There is no chapter at this address.</p>
      </div>
    );
  }
  return (
    <QueryState
      query={page}
      loading={<Skeleton className="mt-6 h-64 w-full" />}
      error="We could not load this chapter's meetings. Please try again."
      empty={null}
      isEmpty={() => false}
    >
      {(data) => (
        <div className="mt-4 space-y-6">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">Visit {data.chapter.name}</h1>
            <p className="mt-2 text-slate-700">
              Come as our guest to a weekly meeting: meet business owners who pass each other referrals.
              Visiting is free.
            </p>
          </div>
          {registered ? (
            <Registered message={registered} slug={data.chapter.slug} />
          ) : data.meetings.length === 0 ? (
            <Card className="p-6">
              <p className="text-slate-700">
                No upcoming meetings are scheduled yet. Please check back soon.
              </p>
            </Card>
          ) : (
            <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
              {/* On a phone the form comes first: its choices name the meetings already. */}
              <div className="order-last space-y-6 lg:order-first">
                <Card>
                  <CardHeader>
                    <CardTitle>Next meetings</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <Meetings page={data} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>What to bring</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-sm text-slate-700">{data.chapter.whatToBring}</p>
                  </CardContent>
                </Card>
              </div>
              <Card className="p-6">
                <h2 className="mb-4 text-xl font-semibold text-slate-900">Register to visit</h2>
                <VisitForm
                  page={data}
                  openSeats={chapter.data?.openSeatIndustries ?? []}
                  onRegistered={setRegistered}
                />
              </Card>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** With several chapters, /visit asks which one first. */
function ChooseChapter() {
  const chapters = usePublicChapters();
  useEffect(() => {
    document.title = 'Visit a meeting';
  }, []);
  return (
    <div className="mt-4">
      <h1 className="text-3xl font-bold text-slate-900">Visit a meeting</h1>
      <p className="mt-2 text-slate-700">Choose the chapter you would like to visit.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {(chapters.data ?? []).map((c) => (
          <li key={c.slug}>
            <ButtonLink variant="outline" className="w-full justify-start" href={`/chapters/${c.slug}/visit`}>
              {c.name}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/chapters/:slug/visit`, and `/visit`: the only chapter's, or a choice of chapters. */
export default function VisitPage() {
  const { slug } = useParams<{ slug?: string }>();
  const chapters = usePublicChapters();
  const only = chapters.data?.length === 1 ? chapters.data[0]!.slug : undefined;
  const chosen = slug ?? only;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      {slug && (
        <ButtonLink variant="ghost" size="sm" href={`/chapters/${slug}`}>
          <ArrowLeft aria-hidden /> Back to the chapter
        </ButtonLink>
      )}
      {chosen ? (
        <ChapterVisit slug={chosen} />
      ) : chapters.isLoading ? (
        <Skeleton className="mt-6 h-32 w-full" />
      ) : (
        <ChooseChapter />
      )}
    </div>
  );
}
