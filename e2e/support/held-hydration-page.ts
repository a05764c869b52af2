import { createElement as h, Suspense, use, useState } from 'react';

/** Holds its part of the page back while `pending` is: the client waits on it, the server draws at once. */
function Holder({ pending }: { pending?: Promise<void> }) {
  if (pending) use(pending);
  return null;
}

function SearchAndCount() {
  const [query, setQuery] = useState('');
  const [count, setCount] = useState(0);
  return h(
    'div',
    null,
    h('input', {
      type: 'search',
      'aria-label': 'Search',
      value: query,
      onChange: (event: { target: HTMLInputElement }) => setQuery(event.target.value),
    }),
    h('p', null, query ? `Searching for ${query}` : 'Nothing typed'),
    h('button', { type: 'button', onClick: () => setCount((n) => n + 1) }, 'Add one'),
    h('p', null, `Added ${count}`),
  );
}

/**
 * A page whose fields React draws, and gives their props, before it can commit them: the part after them
 * is still waiting (e2e/early-input.spec.ts). The same tree is painted on the server and hydrated here.
 */
export function HeldHydrationPage({ pending }: { pending?: Promise<void> }) {
  return h('main', null, h(Suspense, { fallback: 'Loading' }, h(SearchAndCount), h(Holder, { pending })));
}
