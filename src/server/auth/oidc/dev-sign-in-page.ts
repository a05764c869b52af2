import { formTokenField } from '../../http/form-token';
import { escapeHtml } from '../../lib/escape-html';
import { plainPage } from '../../lib/plain-page';

interface PageOptions {
  uid: string;
  /** The page's one-time form token (http/form-token.ts), in both forms. */
  formToken: string;
  prefix: string;
  error?: string;
  email?: string;
  name?: string;
}

const page = (title: string, body: string) => plainPage(`${title} - Development identity provider`, body);

/** Shown for an unknown or expired sign-in: start again from the site's own sign-in page. */
export function renderDevSignInExpiredPage(): string {
  return page(
    'Sign-in expired',
    `<h1>This sign-in has expired</h1>
<p>The sign-in page was open too long or was already used. Start again from the sign-in page.</p>
<a class="button" href="/login">Back to sign in</a>`,
  );
}

/** The development provider's sign-in page: plain HTML, no script, so it passes the strict CSP. */
export function renderDevSignInPage({
  uid,
  formToken,
  prefix,
  error,
  email = '',
  name = '',
}: PageOptions): string {
  const action = `${prefix}/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Development identity provider, standing in for Google. Type any email and name.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login">
${formTokenField(formToken)}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<label for="name">Full name</label><input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(name)}">
<button type="submit">Continue</button>
</form>
<form method="post" action="${action}/abort">${formTokenField(formToken)}<button class="secondary" type="submit">Cancel</button></form>`,
  );
}
