import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  PAGE_ADOPTED_ATTRIBUTE,
  PAINTED_PARTS_ID,
  SERVER_STATE_ID,
  type ServerAnswers,
} from '../domain/pages/server-rendered';
import { App } from './app/app';
import { loadParts } from './lib/lazy-part';
import { adoptPaintedAnswers } from './lib/painted-answers';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
const root = document.getElementById('root')!;
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;

if (serverState) {
  // The server painted this page from these answers: the first client render reads the same ones, so
  // React adopts the HTML instead of drawing it again. A mismatch is reported, never silent.
  adoptPaintedAnswers(queryClient, JSON.parse(serverState) as ServerAnswers);
  const parts = JSON.parse(document.getElementById(PAINTED_PARTS_ID)?.textContent ?? '[]') as string[];
  // The painted parts' code (preloaded by the head) is loaded first, so hydration never waits on a part:
  // a press or a keystroke on any part not adopted yet makes React adopt it at once and then handle it
  // (docs/decisions/0043). A part that fails to load still loads on demand, as in a page drawn here.
  void loadParts(parts)
    .catch((error: unknown) => console.error('A painted part failed to load:', error))
    .then(() => {
      // As a transition, hydration gives the browser back its main thread every few milliseconds.
      startTransition(() => {
        const adopted = () => root.setAttribute(PAGE_ADOPTED_ATTRIBUTE, '');
        hydrateRoot(root, <App queryClient={queryClient} onFirstCommit={adopted} />, {
          onRecoverableError: (error) => console.error('Hydration mismatch:', error),
        });
      });
    });
} else {
  createRoot(root).render(<App queryClient={queryClient} />);
}
