import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../../domain/network/constants';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A button in the toast (Undo); pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
  /** How long it stays, when not the default 5 s. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast; at most TOAST_LIMIT at once, so a new one replaces the old. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    // A painted page has no toasts yet; neither has its first (hydrating) render in the browser.
    () => NO_TOASTS,
  );
}

const NO_TOASTS: ToastItem[] = [];

export const TOAST_DURATION = TOAST_DURATION_MS;
