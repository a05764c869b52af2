import { PERIOD_LABELS, PERIODS, type Period } from '../../../domain/periods/periods';
import { SegmentedTabs } from '../ui/segmented-tabs';

const TABS = PERIODS.map((id) => ({ id, label: PERIOD_LABELS[id] }));

/** Which span the figures below count: this month, this quarter, year to date, 12 months, all time. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return <SegmentedTabs label="Period of the figures" tabs={TABS} active={value} onSelect={onChange} />;
}
