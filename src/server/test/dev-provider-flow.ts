import type { App } from '../app';
import { CookieJar } from './cookie-jar';
import { TEST_ORIGIN } from './test-app';

const host = new URL(TEST_ORIGIN).host;

export async function get(app: App, url: string, jar: CookieJar) {
  const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
  const res = await app.inject({ method: 'GET', url: path, headers: { host, cookie: jar.header(path) } });
  jar.store(res);
  return res;
}

export async function postForm(app: App, url: string, form: Record<string, string>, jar: CookieJar) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      host,
      cookie: jar.header(url),
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    },
    payload: new URLSearchParams(form).toString(),
  });
  jar.store(res);
  return res;
}

/** The one-time form token a server-rendered page put in its form. */
export function formTokenOf(html: string): string {
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no form token in the page');
  return token;
}

export interface ProviderStep {
  /** The callback URL the provider sent the browser back to, with code and state. */
  callbackUrl: string;
  jar: CookieJar;
}

/**
 * Walks "Continue with Google" against the development provider, as a browser would, up to the
 * moment the browser would open the callback URL.
 */
export async function runProviderUntilCallback(
  app: App,
  person: { email: string; name: string },
  options: { cancel?: boolean } = {},
  jar = new CookieJar(),
): Promise<ProviderStep> {
  const start = await get(app, '/api/auth/google', jar);
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}`);
  const toInteraction = await get(app, start.headers.location as string, jar);
  const interactionUrl = toInteraction.headers.location as string;
  const page = await get(app, interactionUrl, jar);
  if (!page.body.includes('<form')) throw new Error('no sign-in form');
  const form_token = formTokenOf(page.body);
  const finished = options.cancel
    ? await postForm(app, `${new URL(interactionUrl, TEST_ORIGIN).pathname}/abort`, { form_token }, jar)
    : await postForm(
        app,
        `${new URL(interactionUrl, TEST_ORIGIN).pathname}/login`,
        { ...person, form_token },
        jar,
      );
  const resumed = await get(app, finished.headers.location as string, jar);
  return { callbackUrl: resumed.headers.location as string, jar };
}

/** The whole flow; answers the callback response (a redirect) and the jar holding the session cookie. */
export async function signInWithDevProvider(app: App, person: { email: string; name: string }) {
  const { callbackUrl, jar } = await runProviderUntilCallback(app, person);
  const callback = await get(app, callbackUrl, jar);
  return { callback, jar, callbackUrl };
}
