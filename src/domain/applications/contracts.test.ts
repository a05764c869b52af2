import { describe, expect, it } from 'vitest';
import {
  applicationFormSchema,
  applicationPayloadSchema,
  experienceLabel,
  reviewerListQuerySchema,
  statusUpdateSchema,
  toApplicationPayload,
} from './contracts';

describe('the /apply form (messages by hand)', () => {
  const form = {
    firstname: ' Robin ',
    lastname: ' Quill ',
    email: ' robin@quill.example ',
    sameAsAbove: false,
    businessEmail: ' desk@quill.example ',
    phone: ' (970) 555-0142 ',
    company: ' Quill Pet Grooming ',
    title: ' Owner ',
    industry: 'Pet Care',
    customIndustry: '',
    experience: '6-10',
    businessDescription: ' Mobile dog grooming. ',
    networkingGoals: ' Meet vets. ',
    reference1: ' Jake Morales ',
    reference2: '  ',
    terms: true,
  };
  const messages = (value: object) =>
    applicationFormSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
    [];

  it('accepts a complete form', () => {
    expect(messages(form)).toEqual([]);
  });

  it('needs a valid business email unless it is the same as above', () => {
    expect(messages({ ...form, businessEmail: '' })).toEqual(['businessEmail: Business email is required']);
    expect(messages({ ...form, businessEmail: 'desk-at-quill' })).toEqual([
      'businessEmail: Invalid email address',
    ]);
    expect(messages({ ...form, sameAsAbove: true, businessEmail: '' })).toEqual([]);
    expect(messages({ ...form, sameAsAbove: true, businessEmail: 'junk' })).toEqual([]);
  });

  it('asks for the industry when Other is chosen, and only then', () => {
    expect(messages({ ...form, industry: 'Other' })).toEqual([
      'customIndustry: Please specify your industry',
    ]);
    expect(messages({ ...form, industry: 'Other', customIndustry: 'Pet Grooming' })).toEqual([]);
    expect(messages({ ...form, industry: 'Dental', customIndustry: '' })).toEqual([]);
  });

  it('turns the form into the payload: trimmed, the custom industry for Other, references joined', () => {
    expect(toApplicationPayload(form)).toEqual({
      firstName: 'Robin',
      lastName: 'Quill',
      email: 'robin@quill.example',
      businessEmail: 'desk@quill.example',
      phone: '(970) 555-0142',
      companyName: 'Quill Pet Grooming',
      position: 'Owner',
      industry: 'Pet Care',
      businessDescription: 'Mobile dog grooming.',
      motivation: 'Meet vets.',
      experienceLevel: '6-10',
      referralSource: 'Jake Morales',
    });
    const other = toApplicationPayload({
      ...form,
      sameAsAbove: true,
      industry: 'Other',
      customIndustry: ' Pet Grooming ',
      reference2: ' Ana Ruiz ',
    });
    expect(other).toMatchObject({
      businessEmail: 'robin@quill.example',
      industry: 'Pet Grooming',
      referralSource: 'Jake Morales; Ana Ruiz',
    });
    expect(toApplicationPayload({ ...form, reference1: '', reference2: ' ' }).referralSource).toBeNull();
  });

  it('labels experience in years', () => {
    expect(experienceLabel('16+')).toBe('16+ years');
  });
});

describe('the submit payload and the review', () => {
  it('needs every field the form requires, with its message', () => {
    expect(
      applicationPayloadSchema.safeParse({}).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Email is required',
      'businessEmail: Business email is required',
      'phone: Phone number is required',
      'companyName: Company name is required',
      'position: Job title is required',
      'industry: Industry is required',
      'businessDescription: Business description is required',
      'motivation: Networking goals are required',
      'experienceLevel: Years of experience is required',
    ]);
  });

  it('needs a status to set, with the product text', () => {
    expect(statusUpdateSchema.safeParse({ status: 'maybe' }).error?.issues[0]?.message).toBe(
      'Status Required - Please select a status for the application.',
    );
    expect(statusUpdateSchema.parse({ status: 'under_review', internalNotes: 'Looks good' })).toEqual({
      status: 'under_review',
      internalNotes: 'Looks good',
    });
  });

  it('pages decided applications from 1', () => {
    expect(reviewerListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(reviewerListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
