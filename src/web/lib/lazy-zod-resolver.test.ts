import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UNREACHABLE } from './api';
import { lazyZodResolver } from './lazy-zod-resolver';

const shown = vi.hoisted(() => [] as { description?: string; variant?: string }[]);
vi.mock('../components/ui/toast-store', () => ({
  toast: (input: { description?: string; variant?: string }) => shown.push(input),
}));

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
const options = { shouldUseNativeValidation: false, fields: {} } as const;

describe('lazyZodResolver', () => {
  it('imports the schema only when the form first validates, once', async () => {
    let loads = 0;
    const resolver = lazyZodResolver(async () => {
      loads += 1;
      return schema;
    });
    expect(loads).toBe(0);

    const refused = await resolver({ name: ' ' }, undefined, options);
    expect(refused.errors).toMatchObject({ name: { message: 'Name is required' } });
    expect(refused.values).toEqual({});

    const accepted = await resolver({ name: ' Ana ' }, undefined, options);
    expect(accepted).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('sends nothing when the import fails, says so, and imports again on the next try', async () => {
    let loads = 0;
    const resolver = lazyZodResolver(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return schema;
    });
    const failed = await resolver({ name: 'Ana' }, undefined, options);
    expect(failed.values).toEqual({});
    expect(failed.errors).toMatchObject({ root: { message: UNREACHABLE } });
    expect(shown).toEqual([
      {
        title: 'Error',
        description: 'We could not reach the server. Check your connection and try again.',
        variant: 'destructive',
      },
    ]);

    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    expect(loads).toBe(2);
  });
});
