import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type PathValue, useFormContext, useWatch } from 'react-hook-form';
import type { MemberChoice } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { SelectField } from '../../../components/ui/form';
import { Input, Label } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMemberChoice, useMemberChoices } from '../../directory';

/**
 * "Dina Molar (Bright Smiles) · Family Dentist": who they are, what business, and their trade; for a member
 * of another chapter, that chapter too ("· Loveland Business Builders"), since referrals cross chapters.
 */
export const choiceLabel = (m: MemberChoice) =>
  [m.businessName ? `${displayName(m)} (${m.businessName})` : displayName(m), m.industry, m.chapterName]
    .filter(Boolean)
    .join(' · ');

/**
 * The member picker: the first members A to Z, or, once something is typed, the server's matches by name,
 * business, position or industry ("dentist" finds the dentist), 20 at a time: typing more narrows them.
 * The chosen member stays in the list whatever the search, and their ideal referral shows below it.
 */
export function MemberPicker<T extends FieldValues>({
  name,
  label,
  userId,
}: {
  name: Path<T>;
  label: string;
  userId: string;
}) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 250);
  const choices = useMemberChoices(settled);
  const { control, setValue } = useFormContext<T>();
  const chosenId = useWatch<T>({ control, name }) as string | undefined;
  const chosen = useMemberChoice(chosenId).data;
  // A value set before its option was listed (a restored draft, "Give a referral" from a profile) is put
  // on the native select again once the chosen member's option is there.
  useEffect(() => {
    if (chosen) setValue(name, chosen.id as PathValue<T, Path<T>>);
  }, [chosen, name, setValue]);

  // While a new search loads, the last answer stays (placeholder data) and the status says Searching.
  const listed = (choices.data?.items ?? []).filter((m) => m.id !== userId);
  if (chosen && chosenId && !listed.some((m) => m.id === chosen.id)) listed.unshift(chosen);
  const searching = settled !== '' && (choices.isPlaceholderData || search.trim() !== settled);
  const more = Boolean(choices.data?.nextCursor);
  const found = choices.data?.items.filter((m) => m.id !== userId).length;
  const status = searching
    ? 'Searching...'
    : !settled
      ? more
        ? 'Showing the first members A to Z. Type a name, business or trade to find anyone else.'
        : ''
      : found === undefined
        ? ''
        : found === 0
          ? `No members match "${settled}". Try a trade, such as "dentist" or "real estate".`
          : more
            ? `The first ${found} found. Type more to narrow them down.`
            : `${found} found`;

  return (
    <div className="space-y-2 sm:col-span-2">
      <div className="space-y-1">
        <Label htmlFor={`${name}-search`}>Search members</Label>
        <Input
          id={`${name}-search`}
          type="search"
          placeholder="Name, business or industry"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={`${name}-search-status`}
        />
        <p id={`${name}-search-status`} aria-live="polite" className="min-h-5 text-sm text-slate-600">
          {status}
        </p>
      </div>
      <SelectField<T>
        name={name}
        label={label}
        placeholder={choices.isLoading ? 'Loading members...' : 'Select a member'}
        options={listed.map((m) => ({ value: m.id, label: choiceLabel(m) }))}
      />
      {choices.isError && (
        <p role="alert" className="text-sm text-red-700">
          {settled ? 'We could not search members.' : 'We could not load members.'} Please try again.
        </p>
      )}
      {chosen?.idealReferral && (
        <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-800" data-testid="picker-ideal-referral">
          <span className="font-medium">Ideal referral for {displayName(chosen)}: </span>
          {chosen.idealReferral}
        </p>
      )}
    </div>
  );
}
