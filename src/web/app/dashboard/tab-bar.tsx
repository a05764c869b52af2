import { useId } from 'react';
import { NativeSelect } from '../../components/ui/form-controls';
import { tabKeys } from '../../components/ui/tab-keys';
import { cn } from '../../lib/utils';
import type { VisibleTab } from './dashboard-tabs';

interface Props {
  tabs: VisibleTab[];
  active: string;
  onSelect: (id: string) => void;
  /** What waits on the user in a tab; shown as a badge when above 0. */
  counts?: Partial<Record<string, number>>;
}

const waitingText = (n: number) => `${n} waiting`;

const COMING_SOON = 'Coming Soon · Expected launch: Q2 2024';

/** Tabs on wide screens; a dropdown below 768 px. */
export function TabBar({ tabs, active, onSelect, counts = {} }: Props) {
  const count = (id: string) => counts[id] ?? 0;
  const selectId = useId();
  const keys = tabKeys(
    tabs.map((t) => ({ id: t.id, disabled: t.comingSoon })),
    active,
    onSelect,
  );
  return (
    <>
      <div className="md:hidden">
        <label htmlFor={selectId} className="sr-only">
          Dashboard section
        </label>
        <NativeSelect id={selectId} value={active} onChange={(e) => onSelect(e.target.value)}>
          {tabs.map((t) => (
            <option key={t.id} value={t.id} disabled={t.comingSoon}>
              {t.label}
              {count(t.id) > 0 ? ` (${waitingText(count(t.id))})` : ''}
              {t.comingSoon ? ` (${COMING_SOON})` : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div
        role="tablist"
        aria-label="Dashboard sections"
        // Admins see ten tabs: they wrap onto a second row rather than squeezing labels mid-word.
        className="hidden flex-wrap gap-x-1 border-b border-slate-200 md:flex"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            disabled={t.comingSoon}
            {...keys(t.id)}
            onClick={() => onSelect(t.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50',
              t.id === active
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
            {count(t.id) > 0 && (
              <span
                data-testid={`tab-count-${t.id}`}
                className="ml-1.5 inline-block min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
              >
                <span aria-hidden>{count(t.id)}</span>
                <span className="sr-only">({waitingText(count(t.id))})</span>
              </span>
            )}
            {t.comingSoon && <span className="block text-xs font-normal">{COMING_SOON}</span>}
          </button>
        ))}
      </div>
    </>
  );
}
