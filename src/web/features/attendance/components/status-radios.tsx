import {
  ATTENDANCE_STATUS_LABELS,
  type AttendanceStatus,
  STATUSES_IN_RECORDING_ORDER,
} from '../../../../domain/attendance/status';

/** Present / Late / Substitute / Excused / Absent (PALMS) for one member, as a labelled radio group. */
export function StatusRadios({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: AttendanceStatus | undefined;
  onChange: (status: AttendanceStatus) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
      <legend className="sr-only">{legend}</legend>
      {STATUSES_IN_RECORDING_ORDER.map((status) => (
        <label key={status} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={status}
            checked={value === status}
            onChange={() => onChange(status)}
            className="size-4 accent-brand-700"
          />
          {ATTENDANCE_STATUS_LABELS[status]}
        </label>
      ))}
    </fieldset>
  );
}
