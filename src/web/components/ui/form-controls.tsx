import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70 aria-[invalid=true]:border-red-500';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClass, className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10 py-0', className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        // 24 px: the smallest tap target WCAG 2.2 allows (the browser's own box is 13 px on a phone).
        'size-6 shrink-0 rounded border-slate-300 accent-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500',
        className,
      )}
      {...props}
    />
  );
}
