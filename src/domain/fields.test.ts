import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userEditSchema } from './admin/contracts';
import { applicationPayloadSchema } from './applications/contracts';
import { profileUpdateSchema } from './profile/contracts';

type Json = { properties: Record<string, { maxLength?: number; anyOf?: { maxLength?: number }[] }> };
const maxLengths = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input' }) as unknown as Json;
  return (field: string) => {
    const property = json.properties[field];
    return property?.maxLength ?? property?.anyOf?.find((member) => member.maxLength)?.maxLength;
  };
};

/**
 * One length per field wherever it is written: the application's field, the profile's and
 * the admin edit's, side by side, against the lengths written out by hand.
 */
describe('one length per field', () => {
  const application = maxLengths(applicationPayloadSchema);
  const profile = maxLengths(profileUpdateSchema);
  const adminEdit = maxLengths(userEditSchema);

  it.each([
    // [application field, profile and admin field, length]
    ['firstName', 'firstName', 100],
    ['lastName', 'lastName', 100],
    ['companyName', 'businessName', 200],
    ['position', 'position', 200],
    ['industry', 'industry', 100],
    ['phone', 'businessPhone', 40],
    ['businessEmail', 'businessEmail', 320],
  ] as const)('%s / %s: %i characters everywhere', (applicationField, field, length) => {
    expect(application(applicationField)).toBe(length);
    expect(profile(field)).toBe(length);
    expect(adminEdit(field)).toBe(length);
  });

  it.each([
    ['businessDescription', 'description', 2000],
    ['motivation', 'motivation', 2000],
    ['referralSource', 'referralSource', 1000],
  ] as const)(
    '%s / %s: %i characters on the application and the profile',
    (applicationField, field, length) => {
      expect(application(applicationField)).toBe(length);
      expect(profile(field)).toBe(length);
    },
  );
});
