import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, get, useFormContext } from 'react-hook-form';
import { cn } from '../../../lib/utils';
import { FieldError, Label } from '../input';
import { useControlId } from './form';

export interface FieldFrameProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** Help shown under the label and read with the control. */
  description?: ReactNode;
  /** The control's id; defaults to the field name, so labels and tests can rely on it. */
  id?: string;
  className?: string;
}

/** What a control needs to be announced properly: its id, invalid state and the ids describing it. */
export interface ControlAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A field's frame: label, optional description, the control, and its error, with `aria-describedby`
 * pointing at the description and the error so a screen reader reads both with the control.
 */
export function FieldFrame<T extends FieldValues>({
  name,
  label,
  description,
  id,
  className,
  labelAfter = false,
  children,
}: FieldFrameProps<T> & { labelAfter?: boolean; children: (aria: ControlAria) => ReactNode }) {
  const { formState } = useFormContext<T>();
  const controlId = useControlId(String(name), id);
  const message = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = message ? `${controlId}-error` : undefined;
  const aria: ControlAria = {
    id: controlId,
    'aria-invalid': Boolean(message),
    'aria-describedby': [descriptionId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const descriptionNode = description && (
    <p id={descriptionId} className="text-sm text-slate-600">
      {description}
    </p>
  );
  if (labelAfter) {
    return (
      <div className={cn('space-y-1', className)}>
        <div className="flex items-start gap-2">
          {children(aria)}
          <Label htmlFor={controlId} className="pt-0.5 font-normal text-slate-700">
            {label}
          </Label>
        </div>
        {descriptionNode}
        <FieldError id={`${controlId}-error`} message={message} />
      </div>
    );
  }
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {descriptionNode}
      {children(aria)}
      <FieldError id={`${controlId}-error`} message={message} />
    </div>
  );
}
