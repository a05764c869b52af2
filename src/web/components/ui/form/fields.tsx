import type { ComponentProps } from 'react';
import { Controller, type FieldValues, get, useFormContext } from 'react-hook-form';
import { cn } from '../../../lib/utils';
import { Checkbox, NativeSelect, Textarea } from '../form-controls';
import { Input } from '../input';
import { Switch } from '../switch';
import { useControlId } from './form';
import { FieldFrame, type FieldFrameProps } from './form-field';

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id' | 'type'>;

/** A one-line text input (also email, tel, url, password through `type`). */
export function TextField<T extends FieldValues>({
  type = 'text',
  ...props
}: FieldFrameProps<T> & InputProps & { type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'search' }) {
  const { name, label, description, id, className, ...input } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => <Input type={type} {...input} {...aria} {...register(name)} />}
    </FieldFrame>
  );
}

export function TextareaField<T extends FieldValues>(
  props: FieldFrameProps<T> & Omit<ComponentProps<'textarea'>, 'name' | 'id'>,
) {
  const { name, label, description, id, className, ...textarea } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => <Textarea {...textarea} {...aria} {...register(name)} />}
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select: the phone's own picker, accessible everywhere. `placeholder` is the empty choice. */
export function SelectField<T extends FieldValues>(
  props: FieldFrameProps<T> & { options: readonly Option[]; placeholder?: string; disabled?: boolean },
) {
  const { name, label, description, id, className, options, placeholder, disabled } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => (
        <NativeSelect disabled={disabled} {...aria} {...register(name)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label beside it; `onCheckedChange` runs after the form value is set. */
export function CheckboxField<T extends FieldValues>(
  props: FieldFrameProps<T> & { onCheckedChange?: (checked: boolean) => void; disabled?: boolean },
) {
  const { name, label, description, id, className, onCheckedChange, disabled } = props;
  const { register } = useFormContext<T>();
  const registration = register(name);
  return (
    <FieldFrame labelAfter name={name} label={label} description={description} id={id} className={className}>
      {(aria) => (
        <Checkbox
          disabled={disabled}
          {...aria}
          {...registration}
          onChange={(event) => {
            void registration.onChange(event);
            onCheckedChange?.(event.target.checked);
          }}
        />
      )}
    </FieldFrame>
  );
}

/** An on/off switch (a button with role="switch"), for settings that apply as a whole. */
export function SwitchField<T extends FieldValues>(props: FieldFrameProps<T> & { disabled?: boolean }) {
  const { name, label, description, id, className, disabled } = props;
  const { control } = useFormContext<T>();
  return (
    <FieldFrame labelAfter name={name} label={label} description={description} id={id} className={className}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              disabled={disabled}
              {...aria}
              ref={field.ref}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A dollar amount as the decimal string the API takes ('1250.50'): a text input with the decimal
 * keypad and a '$' in front; the shared money schema validates it.
 */
export function MoneyField<T extends FieldValues>(props: FieldFrameProps<T> & { placeholder?: string }) {
  const { name, label, description, id, className, placeholder = '0.00' } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => (
        <div className="relative">
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          >
            $
          </span>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            className="pl-7"
            {...aria}
            {...register(name)}
          />
        </div>
      )}
    </FieldFrame>
  );
}

/** A calendar date as 'yyyy-MM-dd' (the browser's date picker); `max` keeps future dates out. */
export function DateField<T extends FieldValues>(props: FieldFrameProps<T> & { min?: string; max?: string }) {
  const { name, label, description, id, className, min, max } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => <Input type="date" min={min} max={max} {...aria} {...register(name)} />}
    </FieldFrame>
  );
}

/** A wall-clock time as 'HH:MM' (the browser's time picker). */
export function TimeField<T extends FieldValues>(props: FieldFrameProps<T>) {
  const { name, label, description, id, className } = props;
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} description={description} id={id} className={className}>
      {(aria) => <Input type="time" {...aria} {...register(name)} />}
    </FieldFrame>
  );
}

/** One choice of a few, shown side by side: a fieldset whose legend is the label. */
export function RadioGroupField<T extends FieldValues>(
  props: Omit<FieldFrameProps<T>, 'description'> & { options: readonly Option[] },
) {
  const { name, label, id, className, options } = props;
  const { register, formState } = useFormContext<T>();
  const groupId = useControlId(String(name), id);
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <fieldset
      className={cn('space-y-1', className)}
      aria-invalid={Boolean(message)}
      aria-describedby={message ? `${groupId}-error` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              value={option.value}
              className="size-4 accent-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500"
              {...register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {message && (
        <p id={`${groupId}-error`} role="alert" className="text-sm text-red-600">
          {message}
        </p>
      )}
    </fieldset>
  );
}
