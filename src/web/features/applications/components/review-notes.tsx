import { Lock, MessageSquare } from 'lucide-react';
import { type ReviewNote, STATUS_LABELS } from '../../../../domain/applications/contracts';
import { formatDate } from '../../../lib/dates';

/** Review notes, oldest first: who wrote each, when, with which status, and whom it is for. */
export function ReviewNotes({ notes, className }: { notes: ReviewNote[]; className?: string }) {
  if (notes.length === 0) return <p className="text-sm text-slate-600">No review notes yet.</p>;
  return (
    <ol className={className ?? 'space-y-3'}>
      {notes.map((n) => (
        <li key={n.id} className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {n.audience === 'internal' ? (
              <span className="inline-flex items-center gap-1 font-semibold text-amber-900">
                <Lock aria-hidden className="size-3" /> Internal (reviewers only)
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                <MessageSquare aria-hidden className="size-3" /> To the applicant
              </span>
            )}
            <span>
              {n.authorName ?? 'A reviewer'} · {STATUS_LABELS[n.status]} · {formatDate(n.createdAt)}
            </span>
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-900">{n.note}</p>
        </li>
      ))}
    </ol>
  );
}
