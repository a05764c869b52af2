import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { ToasterHost } from './components/ui/toaster-host';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <ToasterHost />
    </QueryClientProvider>
  </StrictMode>,
);
