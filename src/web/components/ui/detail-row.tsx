import { cn } from '../../lib/utils';

/** A label and its value in a definition list; renders nothing for an empty value unless `placeholder` is set. */
export function DetailRow({
  label,
  value,
  placeholder,
  inline = false,
  className,
}: {
  label: string;
  value: string | null | undefined;
  placeholder?: string;
  inline?: boolean;
  /** Layout classes for the row itself: a `<dl>` may hold only rows, never wrappers around them. */
  className?: string;
}) {
  if (!value && placeholder === undefined) return null;
  return (
    <div className={cn(inline && 'flex flex-col gap-0.5 sm:flex-row sm:gap-3', className)}>
      <dt className={cn('text-sm text-slate-500', inline && 'w-40 shrink-0')}>{label}</dt>
      <dd className="text-sm whitespace-pre-line text-slate-900">{value || placeholder}</dd>
    </div>
  );
}
