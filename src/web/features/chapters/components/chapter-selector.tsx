import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/form-controls';
import { useChapters } from '../api/chapter-queries';

/**
 * The agency administrator's "acting in" chapter, in the dashboard header: every tab then reads and writes
 * that chapter as its own administrators do. "All chapters" is the agency-wide view.
 */
export function ChapterSelector({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (slug: string | null) => void;
}) {
  const id = useId();
  const chapters = useChapters();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        Chapter
      </label>
      <NativeSelect
        id={id}
        className="w-56 max-w-full"
        value={value ?? ''}
        disabled={!chapters.data}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid="chapter-selector"
      >
        <option value="">All chapters</option>
        {chapters.data?.chapters.map((chapter) => (
          <option key={chapter.id} value={chapter.slug}>
            {chapter.name}
          </option>
        ))}
        {value && chapters.data && !chapters.data.chapters.some((c) => c.slug === value) && (
          <option value={value}>{value}</option>
        )}
      </NativeSelect>
    </div>
  );
}
