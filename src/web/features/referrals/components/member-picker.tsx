import { useState } from 'react';
import { type FieldValues, type Path, useFormContext, useWatch } from 'react-hook-form';
import type { MemberChoice } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { SelectField } from '../../../components/ui/form';
import { Input, Label } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMemberChoiceSearch, useMemberChoices } from '../../directory/api/directory-queries';

/** "Dina Molar (Bright Smiles) · Family Dentist": who they are, what business, and their trade. */
export const choiceLabel = (m: MemberChoice) =>
  [m.businessName ? `${displayName(m)} (${m.businessName})` : displayName(m), m.industry]
    .filter(Boolean)
    .join(' · ');

/**
 * The member picker: every member but me, or, once something is typed, the server's matches by name,
 * business or industry ("dentist" finds the dentist). The chosen member stays in the list whatever the
 * search, and their ideal referral shows below it.
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
  const everyone = useMemberChoices();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 250);
  const matches = useMemberChoiceSearch(settled);
  const chosenId = useWatch<T>({ control: useFormContext<T>().control, name }) as string | undefined;
  const chosen = everyone.data?.find((m) => m.id === chosenId);

  const listed = (settled ? (matches.data ?? []) : (everyone.data ?? [])).filter((m) => m.id !== userId);
  if (chosen && !listed.some((m) => m.id === chosen.id)) listed.unshift(chosen);
  const searching = settled !== '' && (matches.isFetching || search.trim() !== settled);
  const found = matches.data?.filter((m) => m.id !== userId).length;
  const status =
    !settled || (!searching && found === undefined)
      ? ''
      : searching
        ? 'Searching...'
        : found === 0
          ? `No members match "${settled}". Try a trade, such as "dentist" or "real estate".`
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
        placeholder={everyone.isLoading ? 'Loading members...' : 'Select a member'}
        options={listed.map((m) => ({ value: m.id, label: choiceLabel(m) }))}
      />
      {matches.isError && settled && (
        <p role="alert" className="text-sm text-red-700">
          We could not search members. Please try again.
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
