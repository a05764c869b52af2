import { cn } from '../../lib/utils';
import { tabKeys } from './tab-keys';

interface Props<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  active: T;
  onSelect: (id: T) => void;
  /** The id of the panel the tabs control, when there is one. */
  panelId?: string;
  className?: string;
}

/** A small row of pill tabs that switch what one panel shows (a form's mode, a list's filter). */
export function SegmentedTabs<T extends string>({
  label,
  tabs,
  active,
  onSelect,
  panelId,
  className,
}: Props<T>) {
  const keys = tabKeys(tabs, active, onSelect);
  return (
    <div role="tablist" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={panelId ? `${panelId}-${tab.id}` : undefined}
          aria-selected={active === tab.id}
          aria-controls={panelId}
          {...keys(tab.id)}
          onClick={() => onSelect(tab.id)}
          className={cn(
            'rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            active === tab.id ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
