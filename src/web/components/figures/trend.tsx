import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { trend } from '../../../domain/periods/periods';
import { cn } from '../../lib/utils';

const LOOK = {
  up: { Icon: ArrowUp, word: 'Up', className: 'text-green-800' },
  down: { Icon: ArrowDown, word: 'Down', className: 'text-red-700' },
  level: { Icon: Minus, word: 'Level', className: 'text-slate-600' },
} as const;

/**
 * A figure beside the period before: an arrow up, down or level, said in words to a screen
 * reader, and what it was ("vs $50.00 last month").
 */
export function Trend({
  current,
  previous,
  text,
  testId,
}: {
  current: number;
  previous: number;
  text: string;
  testId?: string;
}) {
  const { Icon, word, className } = LOOK[trend(current, previous)];
  return (
    <p className={cn('mt-1 flex items-center gap-1 text-xs font-medium', className)} data-testid={testId}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">{word}, </span>
      {text}
    </p>
  );
}
