import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type FieldValues, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from './apply-server-errors';
import {
  CheckboxField,
  DateField,
  MoneyField,
  RadioGroupField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from './fields';
import { Form } from './form';

/** Renders fields inside a form whose errors are given, as the server's markup (no DOM needed). */
function renderForm(children: ReactNode, errors: Record<string, string> = {}, values: FieldValues = {}) {
  function Harness() {
    const form = useForm({
      defaultValues: values,
      errors: Object.fromEntries(Object.entries(errors).map(([k, message]) => [k, { type: 'x', message }])),
    });
    return <Form form={form}>{children}</Form>;
  }
  return renderToStaticMarkup(<Harness />);
}

describe('form kit fields', () => {
  it('labels each control, describes it, and points aria-describedby at the description and error', () => {
    const html = renderForm(
      <TextField name="company" label="Company Name" description="As customers know it" />,
      { company: 'Company name is required' },
    );
    expect(html).toContain(
      '<label class="text-sm font-medium text-slate-800" for="company">Company Name</label>',
    );
    expect(html).toContain('id="company-description"');
    expect(html).toContain('aria-describedby="company-description company-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/<p id="company-error" role="alert"[^>]*>Company name is required<\/p>/);
  });

  it('leaves a valid field without error wiring', () => {
    const html = renderForm(<TextField name="email" type="email" label="Email" />);
    expect(html).toContain('aria-invalid="false"');
    expect(html).not.toContain('aria-describedby');
    expect(html).toContain('type="email"');
  });

  it('renders every kind of field with its label bound to the control', () => {
    const html = renderForm(
      <>
        <TextareaField name="notes" label="Notes" />
        <SelectField
          name="industry"
          label="Industry"
          placeholder="Select"
          options={[{ value: 'Law', label: 'Law' }]}
        />
        <CheckboxField name="terms" label="I agree" />
        <SwitchField name="visible" label="Show on profile" />
        <MoneyField name="amount" label="Amount" />
        <DateField name="saleDate" label="Sale date" max="2026-11-22" />
        <RadioGroupField
          name="status"
          label="Status"
          options={[
            { value: 'present', label: 'Present' },
            { value: 'absent', label: 'Absent' },
          ]}
        />
      </>,
      { status: 'Choose one' },
      { visible: true, status: 'present' },
    );
    for (const id of ['notes', 'industry', 'terms', 'visible', 'amount', 'saleDate']) {
      expect(html).toContain(`for="${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<option value="">Select</option>');
    expect(html).toContain('role="switch" aria-checked="true"');
    expect(html).toContain('inputMode="decimal"');
    expect(html).toContain('type="date"');
    expect(html).toContain('max="2026-11-22"');
    expect(html).toContain('<legend');
    expect(html).toContain('aria-describedby="status-error"');
  });
});

describe('applyServerErrors', () => {
  const fakeForm = (values: Record<string, unknown>) => {
    const set: Array<[string, string, boolean]> = [];
    return {
      set,
      form: {
        getValues: () => values,
        setError: (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
          set.push([name, error.message ?? '', Boolean(options?.shouldFocus)]);
        },
      },
    };
  };

  it('puts each field error on its field, renaming where the form differs, focusing the first', () => {
    const { set, form } = fakeForm({ company: '', email: '' });
    const error = new ApiError(400, 'Company name is required', {
      companyName: ['Company name is required'],
      email: ['Invalid email address', 'second'],
      unknownField: ['ignored'],
    });
    // biome-ignore lint/suspicious/noExplicitAny: the fake form stands in for react-hook-form's typed one.
    expect(applyServerErrors(form as any, error, { companyName: 'company' })).toBe(true);
    expect(set).toEqual([
      ['company', 'Company name is required', true],
      ['email', 'Invalid email address', false],
    ]);
  });

  it('applies nothing for an error without field errors or for a non-API error', () => {
    const { set, form } = fakeForm({ email: '' });
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const f = form as any;
    expect(applyServerErrors(f, new ApiError(409, 'Already submitted'))).toBe(false);
    expect(applyServerErrors(f, new Error('network'))).toBe(false);
    expect(applyServerErrors(f, new ApiError(400, 'x', { other: ['y'] }))).toBe(false);
    expect(set).toEqual([]);
  });
});
