import { type ComponentProps, createContext, useContext } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form form: its fields (from this folder) find the form through context. `noValidate`
 * because the shared zod schema validates, with the domain's messages, instead of the browser.
 */
export function Form<T extends FieldValues, Output extends FieldValues = T>({
  form,
  idPrefix = '',
  children,
  ...props
}: {
  /** The form; its submitted values may differ from its fields' (a schema that transforms them). */
  form: UseFormReturn<T, unknown, Output>;
  /** Prefixes the controls' ids, for a page with two forms that share field names. */
  idPrefix?: string;
} & Omit<ComponentProps<'form'>, 'noValidate'>) {
  return (
    <FormProvider {...form}>
      <IdPrefix.Provider value={idPrefix}>
        <form noValidate {...props}>
          {children}
        </form>
      </IdPrefix.Provider>
    </FormProvider>
  );
}

const IdPrefix = createContext('');

/** The id a field's control gets: its own `id`, else the form's prefix and the field name. */
export const useControlId = (name: string, id?: string) => {
  const prefix = useContext(IdPrefix);
  return id ?? `${prefix}${name}`;
};
