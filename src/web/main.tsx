import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_STATE_ID, type ServerAnswers } from '../domain/pages/server-rendered';
import { App } from './app/app';
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
  // As a transition, hydration gives the browser back its main thread every few milliseconds instead of
  // holding it for the whole page. A press on a part not adopted yet is handled once React can adopt it at
  // once (its code loaded); a press on a lazy part whose code has not arrived is lost (docs/decisions/0041).
  startTransition(() => {
    hydrateRoot(root, <App queryClient={queryClient} />, {
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    });
  });
} else {
  createRoot(root).render(<App queryClient={queryClient} />);
}
