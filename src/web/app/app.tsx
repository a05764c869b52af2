import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { Router } from 'wouter';
import { ToasterHost } from '../components/ui/toaster-host';
import { AppRouter } from './router';

/**
 * The whole app, as the browser renders it and as the server paints the public pages (one tree, so
 * they match). `serverPath`: the address being painted, given on the server only (the browser reads
 * its own). `onFirstCommit`: called once the first render is on the page (for a painted page: adopted).
 */
export function App({
  queryClient,
  serverPath,
  onFirstCommit,
}: {
  queryClient: QueryClient;
  serverPath?: string;
  onFirstCommit?: () => void;
}) {
  // The root's effect runs after the whole first render has committed (the server never runs it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first commit only
  useEffect(() => {
    onFirstCommit?.();
  }, []);
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
