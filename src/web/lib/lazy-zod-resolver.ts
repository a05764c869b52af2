import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's zod resolver whose schema is imported the first time the form validates (on submit, or on
 * blur where a form asks for it), not when the page loads: zod and the schemas it builds cost the
 * dashboard's first tab a long task as it starts (ADR 0038). A failed import is tried again next time.
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  load: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  let ready: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined;
  return async (values, context, options) => {
    ready ??= load().then(
      (schema) => zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return (await ready)(values, context, options);
  };
}
