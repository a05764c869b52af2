import { MapPin, Users } from 'lucide-react';
import { useEffect } from 'react';
import { meetingLine } from '../../../../domain/chapters/meeting-line';
import { QueryState } from '../../../components/list/query-state';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePublicChapters } from '../api/public-chapters';

const seats = (n: number) => `${n} open seat${n === 1 ? '' : 's'}`;
const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

/** Every chapter of the agency: where and when it meets, how many members, how many open seats. */
export default function ChaptersPage() {
  const chapters = usePublicChapters();
  useEffect(() => {
    document.title = 'Chapters';
  }, []);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Chapters</h1>
      <p className="mt-1 text-slate-600">Each chapter meets weekly and keeps one seat per industry.</p>
      <QueryState
        query={chapters}
        loading={
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        }
        error="We could not load the chapters. Please try again."
        empty="No chapters yet."
        isEmpty={(data) => data.length === 0}
      >
        {(list) => (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((chapter) => (
              <li key={chapter.slug}>
                <Card className="flex h-full flex-col p-5" data-testid="chapter-card">
                  <h2 className="text-lg font-semibold text-slate-900">{chapter.name}</h2>
                  <p className="mt-2 flex items-start gap-2 text-sm text-slate-700">
                    <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                    {meetingLine(chapter) ?? 'Meeting details coming soon'}
                  </p>
                  <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                    <Users aria-hidden className="size-4 shrink-0 text-slate-500" />
                    {members(chapter.members)} · {seats(chapter.openSeats)}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-4">
                    <ButtonLink size="sm" variant="outline" href={`/chapters/${chapter.slug}`}>
                      View {chapter.name}
                    </ButtonLink>
                    <ButtonLink size="sm" variant="accent" href={`/apply?chapter=${chapter.slug}`}>
                      Apply to {chapter.name}
                    </ButtonLink>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
