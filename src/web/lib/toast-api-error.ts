import { toast } from '../components/ui/toast-store';
import { ApiError } from './api';

/** The failure toast (docs/product.md, "Messages"): the server's message when it sent one, else the screen's own fallback. */
export function toastApiError(error: unknown, fallback: string, title = 'Error'): void {
  const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
  toast({ title, description, variant: 'destructive' });
}
