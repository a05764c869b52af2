import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { BookOneToOneDialog } from './book-one-to-one-dialog';
import { LogOneToOneDialog } from './log-one-to-one-dialog';
import { OneToOnesCard } from './one-to-ones-card';
import { WhoShouldIMeet } from './who-should-i-meet';

type Open = { form: 'log' | 'book'; memberId: string | null } | null;

/**
 * The one-to-ones on Referral Metrics: the card and "Who should I meet?", and the log and book forms they open.
 * A member's "Log a one-to-one" or "Book one" elsewhere arrives as `?oneToOne=<id>` or `?book=<id>` and opens
 * the form with them chosen.
 */
export function OneToOnesPanel({ userId }: { userId: string }) {
  const search = new URLSearchParams(useSearch());
  const fromLink = search.get('oneToOne')
    ? { form: 'log' as const, memberId: search.get('oneToOne') }
    : search.get('book')
      ? { form: 'book' as const, memberId: search.get('book') }
      : null;
  const [open, setOpen] = useState<Open>(null);
  const linked = `${fromLink?.form}:${fromLink?.memberId}`;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!fromLink || seen.current === linked) return;
    seen.current = linked;
    setOpen(fromLink);
  }, [linked, fromLink]);
  const chosen = (memberId: string | null) => (memberId && memberId !== userId ? memberId : null);
  return (
    <div id="panel-one-to-ones" className="scroll-mt-20 space-y-6">
      <OneToOnesCard
        onLog={() => setOpen({ form: 'log', memberId: null })}
        onBook={() => setOpen({ form: 'book', memberId: null })}
      />
      <WhoShouldIMeet
        onLog={(memberId) => setOpen({ form: 'log', memberId })}
        onBook={(memberId) => setOpen({ form: 'book', memberId })}
      />
      {open?.form === 'log' && (
        <LogOneToOneDialog
          userId={userId}
          withMemberId={chosen(open.memberId)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.form === 'book' && (
        <BookOneToOneDialog
          userId={userId}
          withMemberId={chosen(open.memberId)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
