import { useState } from 'react';
import type { Chapter, ChapterList } from '../../../../domain/chapters/contracts';
import { meetingLine } from '../../../../domain/chapters/meeting-line';
import { QueryState } from '../../../components/list/query-state';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useChapters, useCreateChapter, useUpdateChapter } from '../api/chapter-queries';
import { ChapterAdmins } from './chapter-admins';
import { ChapterForm } from './chapter-form';
import { MoveMemberCard } from './move-member-card';

function CreateChapter({ list }: { list: ChapterList }) {
  const [open, setOpen] = useState(false);
  const create = useCreateChapter();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>Chapters</CardTitle>
          <CardDescription>
            Each chapter keeps its own roster, seats, applications and attendance. Settings left empty follow
            the agency defaults.
          </CardDescription>
        </div>
        {!open && <Button onClick={() => setOpen(true)}>New chapter</Button>}
      </CardHeader>
      {open && (
        <CardContent>
          <ChapterForm
            idPrefix="new-chapter-"
            agencyDefaults={list.agencyDefaults}
            submitLabel="Create chapter"
            busy={create.isPending}
            onCancel={() => setOpen(false)}
            onSubmit={(values, onServerError) =>
              create.mutate(values, {
                onSuccess: () => {
                  toast({ title: 'Success', description: `Chapter "${values.name}" created.` });
                  setOpen(false);
                },
                onError: onServerError,
              })
            }
          />
        </CardContent>
      )}
    </Card>
  );
}

function ChapterCard({ chapter, list }: { chapter: Chapter; list: ChapterList }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateChapter();
  return (
    <Card data-testid={`chapter-${chapter.slug}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{chapter.name}</CardTitle>
          <CardDescription>
            {chapter.memberCount} member{chapter.memberCount === 1 ? '' : 's'} ·{' '}
            {meetingLine(chapter) ?? 'Meeting not scheduled yet'}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={`/dashboard?tab=users&chapter=${chapter.slug}`} variant="outline" size="sm">
            Open dashboard
          </ButtonLink>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${chapter.name}`}
          >
            Edit
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ChapterAdmins chapter={chapter} />
      </CardContent>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="max-w-2xl">
          <DialogTitle>Edit {chapter.name}</DialogTitle>
          <DialogDescription>Empty settings follow the agency default shown under each.</DialogDescription>
          <ChapterForm
            idPrefix={`chapter-${chapter.id}-`}
            chapter={chapter}
            agencyDefaults={list.agencyDefaults}
            submitLabel="Save chapter"
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(values, onServerError) =>
              update.mutate(
                { id: chapter.id, change: values },
                {
                  onSuccess: () => {
                    toast({ title: 'Success', description: `Chapter "${values.name}" saved.` });
                    setEditing(false);
                  },
                  onError: onServerError,
                },
              )
            }
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** The agency administrator's Chapters tab. */
export default function ChaptersTab() {
  const chapters = useChapters();
  return (
    <QueryState
      query={chapters}
      loading={<Skeleton className="h-40 w-full" />}
      error="We could not load the chapters. Please try again."
      empty={null}
      // The agency always has its first chapter: the create card shows even so.
      isEmpty={() => false}
    >
      {(list) => (
        <div className="space-y-4">
          <CreateChapter list={list} />
          {list.chapters.map((chapter) => (
            <ChapterCard key={chapter.id} chapter={chapter} list={list} />
          ))}
          {list.chapters.length > 1 && <MoveMemberCard chapters={list.chapters} />}
        </div>
      )}
    </QueryState>
  );
}
