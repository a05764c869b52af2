import { useEffect, useRef, useState } from 'react';
import { UNDO_WINDOW_MS } from '../../../domain/network/constants';
import { ensureCsrfToken } from '../../lib/api';
import { dismissToast, toast } from './toast-store';

/**
 * A final action held behind a toast with Undo: nothing is sent until the window ends.
 * Undo drops it; it is sent at once when another held action takes its place or when the page is
 * hidden or closed (the request goes with `keepalive`, see lib/api), so a closed tab keeps it.
 * Focus moves to the toast's Undo (what the action produced, one Enter from taking it back), and when
 * the toast closes with focus still in it, to `focusAfter`.
 */
interface Held {
  send: () => void;
  toastId: number;
  timer: ReturnType<typeof setTimeout>;
  focusAfter?: HTMLElement | null;
}

const toastElement = (id: number) => document.querySelector<HTMLElement>(`[data-toast-id="${id}"]`);

/** Focuses the toast's Undo once it is on screen (the toaster loads with the first toast). */
function focusUndoWhenShown(id: number, focusedBefore: Element | null, framesLeft = 60): void {
  const undo = toastElement(id)?.querySelector<HTMLElement>('[data-toast-action]');
  // Only while focus is where the action left it: never pull it from somewhere the person went.
  if (document.activeElement !== focusedBefore && document.activeElement !== document.body) return;
  if (undo) undo.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusUndoWhenShown(id, focusedBefore, framesLeft - 1));
}

let held: Held | null = null;

/** Sends the held action now, if there is one. */
function sendHeldAction(): void {
  const current = held;
  if (!current) return;
  held = null;
  clearTimeout(current.timer);
  if (toastElement(current.toastId)?.contains(document.activeElement)) current.focusAfter?.focus();
  dismissToast(current.toastId);
  current.send();
}

export interface UndoableAction {
  /** The toast's title, said as done ('Referral Declined'): the screen already shows it done. */
  title: string;
  description?: string;
  /** Sends the action; runs once, after the window, unless undone. */
  send: () => void;
  /** Puts the screen back as it was. */
  onUndo: () => void;
  /** Where focus goes if the toast closes while it holds focus (the list the item left). */
  focusAfter?: HTMLElement | null;
}

export function holdWithUndo({ title, description, send, onUndo, focusAfter }: UndoableAction): void {
  sendHeldAction();
  void ensureCsrfToken().catch(() => undefined);
  const undo = () => {
    if (held !== entry) return;
    held = null;
    clearTimeout(entry.timer);
    onUndo();
  };
  const toastId = toast({
    title,
    description,
    duration: UNDO_WINDOW_MS,
    action: { label: 'Undo', onClick: undo },
  });
  const entry: Held = { send, toastId, focusAfter, timer: setTimeout(sendHeldAction, UNDO_WINDOW_MS) };
  held = entry;
  focusUndoWhenShown(toastId, document.activeElement);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', sendHeldAction);
  // A phone may discard a hidden page without a pagehide: hidden is the last sure moment.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendHeldAction();
  });
}

/**
 * One item's final action with Undo: `held` hides the item while the action waits, focus moves to
 * the toast's Undo (through `moveFocusTo`, what stays on screen, as the toast appears), and on Undo
 * the item comes back with focus on `focusOnUndo`. A failure when it is finally sent puts the item
 * back and calls `onFailed`.
 */
export function useUndoableAction<T extends HTMLElement = HTMLButtonElement>() {
  const [held, setHeld] = useState(false);
  const [restored, setRestored] = useState(0);
  const focusOnUndo = useRef<T>(null);
  useEffect(() => {
    if (restored) focusOnUndo.current?.focus();
  }, [restored]);
  // The CSRF token is fetched before any action, so a page closed right after one still sends it.
  useEffect(() => void ensureCsrfToken().catch(() => undefined), []);
  const hold = (action: {
    title: string;
    description?: string;
    send: () => Promise<unknown>;
    onFailed: (error: unknown) => void;
    moveFocusTo?: HTMLElement | null;
  }) => {
    setHeld(true);
    action.moveFocusTo?.focus();
    holdWithUndo({
      title: action.title,
      description: action.description,
      send: () =>
        void action.send().catch((error: unknown) => {
          setHeld(false);
          action.onFailed(error);
        }),
      onUndo: () => {
        setHeld(false);
        setRestored((n) => n + 1);
      },
      focusAfter: action.moveFocusTo,
    });
  };
  return { held, hold, focusOnUndo };
}
