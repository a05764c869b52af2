import type { ComponentProps } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form form: its fields (from this folder) find the form through context. `noValidate`
 * because the shared zod schema validates, with the spec's messages, instead of the browser.
 */
export function Form<T extends FieldValues>({
  form,
  children,
  ...props
}: { form: UseFormReturn<T> } & Omit<ComponentProps<'form'>, 'noValidate'>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props}>
        {children}
      </form>
    </FormProvider>
  );
}
