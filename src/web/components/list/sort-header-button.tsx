import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** A sortable table's header button: its label, and an arrow for the column sorted now (faint otherwise). */
export function SortHeaderButton({
  active,
  dir,
  onClick,
  className,
  children,
}: {
  active: boolean;
  dir: 'asc' | 'desc';
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        className,
      )}
    >
      {children}
      <Icon aria-hidden className={cn('size-3.5 shrink-0', !active && 'opacity-40')} />
    </button>
  );
}
