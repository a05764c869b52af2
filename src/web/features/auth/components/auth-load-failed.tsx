import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { UNREACHABLE } from '../../../lib/api';

/** Shown on protected screens when the current user could not be loaded (not a 401): say so and offer a retry. */
export function AuthLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Failed to load user profile.</h1>
      <p className="text-slate-600">{UNREACHABLE}</p>
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
