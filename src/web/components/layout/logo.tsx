import { Handshake } from 'lucide-react';
import { useNetworkName } from '../../lib/auth/auth-queries';

export function Logo({ className }: { className?: string }) {
  const name = useNetworkName();
  return (
    <span className={className}>
      <span className="flex items-center gap-2">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-700 text-white">
          <Handshake aria-hidden className="size-5" />
        </span>
        <span className="text-base font-bold leading-tight text-brand-900 sm:text-lg">
          {name || '\u00a0'}
        </span>
      </span>
    </span>
  );
}
