import { createElement as h, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HeldHydrationPage } from './held-hydration-page';

// Hydrated as the app is (src/web/main.tsx), with the held part let go by the test.
let release = () => {};
const pending = new Promise<void>((resolve) => {
  release = resolve;
});
Object.assign(window, { releaseHeldPart: release });
startTransition(() => {
  hydrateRoot(document.getElementById('root') as HTMLElement, h(HeldHydrationPage, { pending }));
});
