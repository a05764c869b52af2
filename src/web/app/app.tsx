import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { ToasterHost } from '../components/ui/toaster-host';
import { AppRouter } from './router';

/**
 * The whole app, as the browser renders it and as the server paints the public pages (one tree, so
 * they match). `serverPath`: the address being painted, given on the server only (the browser reads
 * its own).
 */
export function App({ queryClient, serverPath }: { queryClient: QueryClient; serverPath?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={serverPath}>
          <AppRouter />
        </Router>
        <ToasterHost />
      </QueryClientProvider>
    </StrictMode>
  );
}
