import { describe, expect, it } from 'vitest';
import { canEditOwnIndustry, hasMemberOnlyFields, namesRequired, profileUpdateSchema } from './contracts';

const form = {
  firstName: 'Ann',
  lastName: 'Able',
  position: '',
  personalEmail: '',
  personalPhone: '',
  personalBio: '',
  businessName: 'Able Roofing',
  businessEmail: '',
  businessPhone: '',
  website: '',
  description: '',
  idealReferral: '',
  industry: 'Roofing',
  experienceLevel: '',
  referralSource: '',
  motivation: '',
  linkedin: '',
  facebook: '',
  instagram: '',
  twitter: '',
  personalEmailVisible: true,
  personalPhoneVisible: false,
  personalBioVisible: true,
  businessEmailVisible: false,
  businessPhoneVisible: true,
};
const issues = (value: object) =>
  profileUpdateSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// Written by hand from the profile rules (profile links http(s) only, empty means not set).
describe('the profile form', () => {
  it('stores empty fields as null and keeps each visibility flag as sent', () => {
    expect(profileUpdateSchema.parse(form)).toMatchObject({
      position: null,
      website: null,
      linkedin: null,
      experienceLevel: null,
      personalEmailVisible: true,
      personalPhoneVisible: false,
      businessPhoneVisible: true,
    });
  });

  it('takes http(s) links and a known experience level', () => {
    expect(
      profileUpdateSchema.parse({ ...form, website: 'https://able.example', experienceLevel: '3-5' }),
    ).toMatchObject({ website: 'https://able.example', experienceLevel: '3-5' });
  });

  it('refuses other links, bad emails and an unknown experience level', () => {
    const link = 'Enter a link starting with http:// or https://';
    expect(issues({ ...form, website: 'javascript:alert(1)', twitter: 'ftp://x.example' })).toEqual([
      `website: ${link}`,
      `twitter: ${link}`,
    ]);
    expect(issues({ ...form, businessEmail: 'desk' })).toEqual(['businessEmail: Invalid email']);
    expect(issues({ ...form, experienceLevel: '40+' })).toHaveLength(1);
    expect(issues({ ...form, role: 'AGENCY_ADMIN' })).toHaveLength(1);
  });
});

describe('who edits what on their own profile', () => {
  it('lets only network and agency admins change their own industry', () => {
    expect(canEditOwnIndustry('NETWORK_ADMIN')).toBe(true);
    expect(canEditOwnIndustry('AGENCY_ADMIN')).toBe(true);
    expect(canEditOwnIndustry('LEADERSHIP')).toBe(false);
    expect(canEditOwnIndustry('MEMBER')).toBe(false);
  });

  it('shows the member-only fields to members alone, and asks names of everyone but guests', () => {
    expect(hasMemberOnlyFields('MEMBER')).toBe(true);
    expect(hasMemberOnlyFields('LEADERSHIP')).toBe(false);
    expect(hasMemberOnlyFields('GUEST')).toBe(false);
    expect(namesRequired('GUEST')).toBe(false);
    expect(namesRequired('MEMBER')).toBe(true);
    expect(namesRequired('AGENCY_ADMIN')).toBe(true);
  });
});
