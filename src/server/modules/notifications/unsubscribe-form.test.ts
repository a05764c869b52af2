import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEmailOptOuts } from '../../db/schema';
import { formTokenOf } from '../../test/dev-provider-flow';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';
import { unsubscribeToken } from './unsubscribe-token';

describe('the unsubscribe page’s form', () => {
  let t: TestApp;
  let ann: SignedIn;
  let path: string;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAs(t.db, 'MEMBER');
    path = `/email/unsubscribe?token=${unsubscribeToken(t.app.config.sessionSecret, ann.userId, 'referral_awaiting')}`;
  });
  afterAll(() => t.close());

  const press = (form: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
  const optOuts = () => t.db.select().from(notificationEmailOptOuts);

  it('refuses a press without the page’s token, asks again with a fresh one, and changes nothing', async () => {
    for (const form_token of [undefined, 'forged.1.x']) {
      const refused = await press(form_token ? { form_token } : {});
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        'This page was open too long or was already sent. Press the button again to stop these emails.',
      );
      expect(formTokenOf(refused.body)).toBeTruthy();
    }
    expect(await optOuts()).toHaveLength(0);
  });

  it('works in a browser that holds a session cookie (no CSRF header), once per page', async () => {
    const page = await t.app.inject({ method: 'GET', url: path, headers: ann.cookie });
    expect(page.statusCode).toBe(200);
    const form_token = formTokenOf(page.body);
    const done = await press({ form_token }, ann.cookie.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await optOuts()).toMatchObject([{ userId: ann.userId, kind: 'referral_awaiting' }]);
    // The same page's token pressed again (a resubmitted form) is spent.
    expect((await press({ form_token }, ann.cookie.cookie)).statusCode).toBe(400);
  });

  it('still refuses a cross-site press', async () => {
    const page = await t.app.inject({ method: 'GET', url: path });
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ form_token: formTokenOf(page.body) }).toString(),
    });
    expect(res.statusCode).toBe(403);
  });
});
