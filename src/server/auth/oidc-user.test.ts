import { describe, expect, it } from 'vitest';
import { emailTrustedIssuers, namesFrom } from './oidc-user';

const identity = { issuer: 'https://accounts.google.com', subject: 's1', email: 'a@example.com' };

describe('names from an identity provider', () => {
  it('takes given and family names, held to the text rule a typed name is', () => {
    expect(namesFrom({ ...identity, givenName: ' Ada\u0007 ', familyName: 'By\u202Eron  Jr' })).toEqual({
      firstName: 'Ada',
      lastName: 'Byron Jr',
    });
  });

  it('splits a full name when there are no parts, and cuts a name at 100 characters', () => {
    expect(namesFrom({ ...identity, name: '  Mary   Ann\tde la Cruz ' })).toEqual({
      firstName: 'Mary',
      lastName: 'Ann de la Cruz',
    });
    expect(namesFrom({ ...identity, givenName: 'G'.repeat(150) }).firstName).toBe('G'.repeat(100));
  });

  it('leaves names empty when the provider gives nothing usable', () => {
    expect(namesFrom({ ...identity, givenName: '\u202E', name: '' })).toEqual({
      firstName: null,
      lastName: null,
    });
  });
});

describe('issuers trusted to verify emails', () => {
  const provider = (issuer: string, linkVerifiedEmail: boolean) => ({
    issuer,
    clientId: 'id',
    clientSecret: 'secret',
    linkVerifiedEmail,
  });

  it('trusts Google under both of its spellings, and another provider only when configured to', () => {
    expect([...emailTrustedIssuers(provider('https://accounts.google.com', true))]).toEqual([
      'https://accounts.google.com',
      'accounts.google.com',
    ]);
    expect([...emailTrustedIssuers(provider('https://login.example.com/', true))]).toEqual([
      'https://login.example.com/',
      'https://login.example.com',
    ]);
  });

  it('trusts no one when linking is off, nor for the development provider (no provider configured)', () => {
    expect(emailTrustedIssuers(provider('https://accounts.google.com', false)).size).toBe(0);
    expect(emailTrustedIssuers(provider('https://login.example.com', false)).size).toBe(0);
    expect(emailTrustedIssuers(undefined).size).toBe(0);
  });
});
