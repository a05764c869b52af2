import type { FieldValues, Path } from 'react-hook-form';
import {
  EDUCATION_UNIT_KIND_LABELS,
  EDUCATION_UNIT_KINDS,
  EDUCATION_UNIT_MESSAGES as M,
} from '../../../../domain/education-units/messages';
import { SelectField, TextField } from '../../../components/ui/form';

const KIND_OPTIONS = EDUCATION_UNIT_KINDS.map((value) => ({
  value,
  label: EDUCATION_UNIT_KIND_LABELS[value],
}));

/** What, from what, and how long: the fields a member's unit and a chapter's training share. */
export function UnitFields<T extends FieldValues>() {
  return (
    <>
      <SelectField<T>
        name={'kind' as Path<T>}
        label="Learned from"
        options={KIND_OPTIONS}
        description={M.licenceHelp}
        className="sm:col-span-2"
      />
      <TextField<T>
        name={'title' as Path<T>}
        label="What was it?"
        placeholder="Givers Gain, chapter 3"
        className="sm:col-span-2"
      />
      <TextField<T> name={'minutes' as Path<T>} label="Minutes" inputMode="numeric" />
    </>
  );
}
