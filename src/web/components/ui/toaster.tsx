import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/utils';
import { dismissToast, TOAST_DURATION, useToasts } from './toast-store';

/** The Radix toaster; loaded by ToasterHost only once the first toast is shown. */
export default function Toaster() {
  const toasts = useToasts();
  const viewport = useReserveToastSpace();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
          data-testid="toast"
          data-toast-id={t.id}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          {t.action && (
            <ToastPrimitive.Action
              data-toast-action
              altText={`${t.action.label} is available`}
              onClick={t.action.onClick}
              className="ml-auto min-h-11 shrink-0 rounded-md border border-slate-300 px-3 text-sm font-semibold text-brand-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-2 sm:p-4 print:hidden"
      />
    </ToastPrimitive.Provider>
  );
}

/**
 * On a phone a toast spans the screen's bottom edge; while one shows, the page gets that much room
 * below its end (styles.css, --toast-space), so no control has to stay under it.
 */
function useReserveToastSpace() {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--toast-space', `${element.childElementCount ? element.offsetHeight : 0}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-space');
    };
  }, []);
  return viewport;
}
