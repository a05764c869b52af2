import { Eye, EyeOff, MessageSquareQuote, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Testimonial } from '../../../../domain/testimonials/contracts';
import {
  TESTIMONIAL_MESSAGES as M,
  TESTIMONIAL_GIVEN_IN_LABELS,
} from '../../../../domain/testimonials/messages';
import { EnteredByNote } from '../../../components/entered-by-note';
import { LoadMore } from '../../../components/list/load-more';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { loadedItems } from '../../../lib/paged-query';
import { toastApiError } from '../../../lib/toast-api-error';
import {
  type TestimonialSide,
  useRemoveTestimonial,
  useShowTestimonial,
  useTestimonials,
} from '../api/testimonial-queries';
import { WriteTestimonialDialog } from './write-testimonial-dialog';

const SIDES = [
  { id: 'received', label: 'For me' },
  { id: 'written', label: 'Written by me' },
] as const;

function Row({ item, onRemove }: { item: Testimonial; onRemove: () => void }) {
  const show = useShowTestimonial();
  const name = item.other?.name ?? 'Former member';
  const toggle = () =>
    show.mutate(
      { id: item.id, shownOnProfile: !item.shownOnProfile },
      {
        onSuccess: (saved) => toast({ title: saved.shownOnProfile ? M.shown : M.hidden }),
        onError: (error) => toastApiError(error, 'We could not change the testimonial. Please try again.'),
      },
    );
  return (
    <li className="py-3" data-testid="testimonial-row">
      <p className="text-sm text-slate-600">
        {item.writtenByMe ? `For ${name}` : `From ${name}`} · {formatDate(item.givenOn)} ·{' '}
        {TESTIMONIAL_GIVEN_IN_LABELS[item.givenIn]}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900">{item.body}</p>
      <EnteredByNote enteredBy={item.enteredBy} />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {item.shownOnProfile ? (
          <Badge variant="success">On the public profile</Badge>
        ) : (
          <Badge variant="secondary">Not on the public profile</Badge>
        )}
        {!item.writtenByMe && (
          <Button size="sm" variant="outline" onClick={toggle} pending={show.isPending}>
            {item.shownOnProfile ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            {item.shownOnProfile ? 'Hide from my profile' : 'Show on my profile'}
          </Button>
        )}
        {item.writtenByMe && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={`Remove the testimonial for ${name}`}
          >
            <Trash2 aria-hidden /> Remove
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Testimonials on Referral Metrics: those written for me (each shown on my public profile only once I choose)
 * and those I wrote (they count for me), and Write.
 */
export function TestimonialsCard({ userId }: { userId: string }) {
  const [side, setSide] = useState<TestimonialSide>('received');
  const [writing, setWriting] = useState(false);
  const [removing, setRemoving] = useState<Testimonial | null>(null);
  const list = useTestimonials(side);
  const remove = useRemoveTestimonial();
  return (
    <Card id="panel-testimonials" className="scroll-mt-20 p-4 sm:p-6" data-testid="testimonials">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Testimonials</h2>
        <Button size="sm" onClick={() => setWriting(true)}>
          <MessageSquareQuote aria-hidden /> Write a testimonial
        </Button>
      </div>
      <SegmentedTabs
        label="Testimonials"
        tabs={SIDES}
        active={side}
        onSelect={setSide}
        panelId="testimonials-list"
        className="mt-3"
      />
      <div id="testimonials-list" role="tabpanel" aria-label={SIDES.find((s) => s.id === side)?.label}>
        <QueryState
          query={loadedItems(list)}
          loading={<Skeleton className="mt-4 h-16 w-full" />}
          error="We could not load the testimonials. Please try again."
          empty={
            side === 'received'
              ? 'No testimonials for you yet.'
              : 'You have not written a testimonial yet. Tell the chapter what a member did well.'
          }
          isEmpty={(items) => items.length === 0}
        >
          {(items) => (
            <>
              <ul className="mt-2 divide-y divide-slate-100">
                {items.map((item) => (
                  <Row key={item.id} item={item} onRemove={() => setRemoving(item)} />
                ))}
              </ul>
              <LoadMore query={list} />
            </>
          )}
        </QueryState>
      </div>
      {writing && <WriteTestimonialDialog userId={userId} onClose={() => setWriting(false)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this testimonial?"
        description="It will no longer count for you, nor show anywhere."
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ title: M.removed });
            },
            onError: (error) =>
              toastApiError(error, 'We could not remove the testimonial. Please try again.'),
          })
        }
      />
    </Card>
  );
}
