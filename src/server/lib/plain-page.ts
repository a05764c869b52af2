import { escapeHtml } from './escape-html';

const STYLE = `<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);width:min(360px,90vw)}
main.wide{width:min(880px,94vw);margin:1.5rem 0;align-self:flex-start}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#475569;font-size:.9rem}label{display:block;font-size:.9rem;margin-top:1rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbd5e1;border-radius:6px;margin-top:.25rem;font-size:1rem}
button,.button{display:block;text-align:center;text-decoration:none;margin-top:1.25rem;width:100%;box-sizing:border-box;padding:.7rem;border:0;border-radius:6px;background:#0f5f6f;color:#fff;font-size:1rem;cursor:pointer}
.secondary{background:transparent;color:#334155;margin-top:.5rem}.error{color:#b91c1c}
a{color:#0f5f6f}
</style>`;

/**
 * A small server-written page with no script (it passes the strict CSP): the development sign-in, the
 * unsubscribe confirmation, the development mailbox. `title` is escaped; `body` is trusted HTML.
 */
export function plainPage(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${STYLE}</head><body><main${options.wide ? ' class="wide"' : ''}>
${body}
</main></body></html>`;
}
