import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { UNREACHABLE } from './api';
import { toastApiError } from './toast-api-error';

/**
 * A form's zod resolver whose schema is imported the first time the form validates (on submit, or on
 * blur where a form asks for it), not when the page loads: zod and the schemas it builds cost the
 * dashboard's first tab a long task as it starts (ADR 0038). When the import fails (the connection
 * dropped) the form is not sent, the person is told, and the next try imports again.
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  load: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Ready = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let ready: Promise<Ready> | undefined;
  return async (values, context, options) => {
    ready ??= load().then((schema) => zodResolver(schema) as Ready);
    try {
      return await (await ready)(values, context, options);
    } catch (error) {
      ready = undefined;
      toastApiError(error, UNREACHABLE);
      // `root` is a form-wide error in every form's errors; the generic type cannot see that here.
      const errors = { root: { type: 'load', message: UNREACHABLE } } as FieldErrors<z.input<Schema>>;
      return { values: {}, errors };
    }
  };
}
