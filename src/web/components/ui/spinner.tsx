import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      <Loader2 aria-hidden className={cn('animate-spin text-brand-700', className ?? 'size-6')} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown while a screen's code loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" data-testid="full-page-spinner">
      <Spinner className="size-10" />
    </div>
  );
}
