import { escapeHtml } from '../../lib/escape-html';

interface PageOptions {
  uid: string;
  prefix: string;
  error?: string;
  email?: string;
  name?: string;
}

const STYLE = `<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);width:min(360px,90vw)}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#475569;font-size:.9rem}label{display:block;font-size:.9rem;margin-top:1rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbd5e1;border-radius:6px;margin-top:.25rem;font-size:1rem}
button,.button{display:block;text-align:center;text-decoration:none;margin-top:1.25rem;width:100%;box-sizing:border-box;padding:.7rem;border:0;border-radius:6px;background:#0f5f6f;color:#fff;font-size:1rem;cursor:pointer}
.secondary{background:transparent;color:#334155;margin-top:.5rem}.error{color:#b91c1c}
</style>`;

const head = (title: string) =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - Development identity provider</title>
${STYLE}</head><body><main>`;

/** Shown for an unknown or expired sign-in: start again from the site's own sign-in page. */
export function renderDevSignInExpiredPage(): string {
  return `${head('Sign-in expired')}
<h1>This sign-in has expired</h1>
<p>The sign-in page was open too long or was already used. Start again from the sign-in page.</p>
<a class="button" href="/login">Back to sign in</a>
</main></body></html>`;
}

/** The development provider's sign-in page: plain HTML, no script, so it passes the strict CSP. */
export function renderDevSignInPage({ uid, prefix, error, email = '', name = '' }: PageOptions): string {
  const action = `${prefix}/interaction/${encodeURIComponent(uid)}`;
  return `${head('Sign in')}
<h1>Sign in</h1>
<p>Development identity provider, standing in for Google. Type any email and name.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<label for="name">Full name</label><input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(name)}">
<button type="submit">Continue</button>
</form>
<form method="post" action="${action}/abort"><button class="secondary" type="submit">Cancel</button></form>
</main></body></html>`;
}
