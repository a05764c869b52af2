import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

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

  it('tries the import again after it failed (a dropped connection does not break the form for good)', async () => {
    let loads = 0;
    const resolver = lazyZodResolver(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return schema;
    });
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('Failed to fetch');
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    expect(loads).toBe(2);
  });
});
