import { describe, expect, it } from 'vitest';
import { signInErrorMessage, signInSchema } from './contracts';
import { SIGNED_IN_HINT_COOKIE } from './signed-in-hint';

const issues = (value: unknown) =>
  signInSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// Messages written by hand from the product's sign-in texts.
describe('the sign-in form', () => {
  it('takes an email and a password, keeping the password’s spaces', () => {
    expect(signInSchema.parse({ email: ' ann@able.example ', password: ' two words ' })).toEqual({
      email: 'ann@able.example',
      password: ' two words ',
    });
  });

  it('needs both, and refuses a password of spaces only, control characters or too long', () => {
    expect(issues({})).toEqual(['email: Email is required', 'password: Password is required']);
    expect(issues({ email: 'ann@able.example', password: '' })).toEqual(['password: Password is required']);
    expect(issues({ email: 'ann@able.example', password: '   ' })).toEqual([
      'password: Password is required',
    ]);
    expect(issues({ email: 'not-an-email', password: 'x' })).toEqual(['email: Invalid email']);
    expect(issues({ email: 'ann@able.example', password: 'a\u0000b' })).toEqual([
      'password: Remove control or text-direction characters from this field',
    ]);
    expect(issues({ email: 'ann@able.example', password: 'x'.repeat(201) })).toEqual([
      'password: Keep this to 200 characters or fewer',
    ]);
    expect(issues({ email: 'ann@able.example', password: 'x'.repeat(200) })).toEqual([]);
  });
});

describe('why a provider sign-in came back', () => {
  it('shows the fixed message for a known code, and the general failure for anything else', () => {
    expect(signInErrorMessage('cancelled')).toBe('Sign-in was cancelled.');
    expect(signInErrorMessage('unverified')).toBe(
      'Your email address is not verified with the identity provider',
    );
    expect(signInErrorMessage('failed')).toBe('Failed to sign in with Google');
    expect(signInErrorMessage('<script>')).toBe('Failed to sign in with Google');
    expect(signInErrorMessage('toString')).toBe('Failed to sign in with Google');
    expect(signInErrorMessage('')).toBe('Failed to sign in with Google');
    expect(signInErrorMessage(null)).toBe('Failed to sign in with Google');
  });

  it('names the readable hint cookie', () => {
    expect(SIGNED_IN_HINT_COOKIE).toBe('signed_in');
  });
});
