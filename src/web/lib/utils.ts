import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it cost 8 KB gzip on every page (the entry's budget, docs/decisions/0008). A caller
 * that overrides a utility a component already sets marks it important instead (`px-0!`, `justify-start!`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
