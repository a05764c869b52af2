import { Construction } from 'lucide-react';

/** Shown on routes whose feature has not shipped yet, so nobody mistakes an empty screen for a bug. */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Construction aria-hidden className="size-10 text-brand-700" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This part of the platform is not available yet.</p>
    </div>
  );
}
