import { Component, type ReactNode } from 'react';
import { Button, ButtonLink } from '../components/ui/button';

/**
 * Catches a page that fails to render (a bug, or a page's code that could not be loaded after a
 * release) so the header, the footer and a way back stay on screen instead of a blank page. The router
 * keys it by the address, so moving to another page starts clean. React itself logs the error.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">This page could not be shown.</p>
        <p className="mt-2 break-words text-sm text-slate-500">{error.message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {/* A reload also fetches page code that a new release replaced. */}
          <Button variant="outline" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <ButtonLink href="/">Go Home</ButtonLink>
        </div>
      </div>
    );
  }
}
