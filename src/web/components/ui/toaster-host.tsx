import { lazyPart, PartBoundary } from '../../lib/lazy-part';
import { useToasts } from './toast-store';

const Toaster = lazyPart('components/ui/toaster.tsx', () => import('./toaster'));

/**
 * Most visits never show a toast, so the Radix toast code loads with the first one. Once loaded it
 * stays mounted, so later toasts appear at once.
 */
export function ToasterHost() {
  const toasts = useToasts();
  const everShown = toasts.length > 0 || toasterLoaded;
  if (!everShown) return null;
  toasterLoaded = true;
  return (
    <PartBoundary>
      <Toaster />
    </PartBoundary>
  );
}

let toasterLoaded = false;
