import { Check, Clock } from 'lucide-react';
import { cn } from '../../../lib/utils';

/**
 * One person at the door as a large tap target, member or visitor: the check mark, name and a second line, the
 * mark so far, and "waiting to send" while the tap is kept on the device. `tone` colours it once they are in.
 */
export function DoorTapButton({
  isIn,
  tone,
  name,
  detail,
  mark,
  waiting,
  testId,
  markTestId,
  disabled,
  onClick,
}: {
  isIn: boolean;
  tone: string | false;
  name: string;
  detail: string | null;
  mark: string;
  waiting: boolean;
  testId: string;
  markTestId: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isIn}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex min-h-16 w-full items-center gap-3 rounded-lg border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        tone,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full border',
          isIn ? 'border-transparent bg-slate-900 text-white' : 'border-slate-400',
        )}
      >
        {isIn && <Check className="size-5" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        {detail && <span className="block truncate text-sm text-slate-600">{detail}</span>}
      </span>
      <span className="shrink-0 text-right text-sm font-medium text-slate-800" data-testid={markTestId}>
        {mark}
        {waiting && (
          <span className="flex items-center justify-end gap-1 text-xs font-normal text-slate-600">
            <Clock aria-hidden className="size-3" /> waiting to send
          </span>
        )}
      </span>
    </button>
  );
}
