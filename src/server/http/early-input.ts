import { createHash } from 'node:crypto';

/**
 * Holds what a visitor does on a painted page before the app has taken that part of it over (issue 49),
 * and hands it to the app once it has. React adopts a page in parts (a dashboard's tab arrives after its
 * frame), and an element is adopted once the hydration that reached it is committed (read as React reads it,
 * from its fiber: no public API says it); until then React would drop what happens there. So what is done
 * there waits in one queue, in the order it was done, and happens once its element is adopted:
 * - a press on a button or a same-tab link is held, and pressed again (a
 *   link waits so the page can do what it does on the way out, like the directory remembering its
 *   search; after 5 seconds without the app it goes anyway, a button waits 30). React is not shown the
 *   press's first half either: a pointer or mouse event there makes it draw that part anew.
 * - a key that moves within a widget (arrows, Home, End) is sent again;
 * - a press or a move still waiting is given up once the person types, picks or presses something else:
 *   it was meant for the page as it was, not as they have changed it since;
 * - a value typed or picked never reaches React (its replay of such changes, `enableHydrationChangeEvent`,
 *   is off in React 19.3; a controlled field is even reset to React's value when adopted): it is kept,
 *   and is set again, React told as if it had just been typed.
 *
 * It is inline in the painted page's head, so it holds from the first paint on: as a file it came after
 * the page was on screen, and a press in between was lost. The Content-Security-Policy allows this one
 * script by its hash and no other inline script (docs/decisions/0038).
 */
export const EARLY_INPUT_SCRIPT = `(() => {
  // React's own test of whether an event there reaches the app (getNearestMountedFiber): the element has a
  // fiber, and neither it nor a new ancestor is still only drawn or adopted (Placement | Hydrating, 4098),
  // up to the root. Props are given while a part is drawn, before it is committed, so they are not enough.
  const adopted = (element) => {
    const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
    const fiber = key && element[key];
    if (!fiber) return false;
    let node = fiber;
    let nearest = fiber;
    for (let next = fiber; next && !next.alternate; next = next.return) {
      node = next;
      if (node.flags & 4098) nearest = node.return;
    }
    while (node.return) node = node.return;
    return node.tag === 3 && nearest === fiber;
  };
  const early = (element) => element instanceof Element && element.closest('#root') && !adopted(element);
  // What waits for its element, in the order it was done: each runs once that element is adopted.
  const queue = [];
  const drain = () => {
    while (queue.length > 0) {
      const next = queue[0];
      if (next.element.isConnected && !adopted(next.element) && Date.now() - next.since <= next.waitMs) break;
      queue.shift();
      if (!next.element.isConnected) continue;
      if (adopted(next.element)) next.run();
      else next.giveUp?.();
    }
    if (queue.length > 0) setTimeout(drain, 50);
  };
  // act: a press or a move, done to the page as it was then; a value typed or picked is kept whatever.
  const later = ({ element, run, waitMs, giveUp, act = false }) => {
    queue.push({ element, run, waitMs, giveUp, act, since: Date.now() });
    if (queue.length === 1) setTimeout(drain, 50);
  };
  // A press or move still waiting is given up once the person does something else on the page (types,
  // picks, presses elsewhere): done later it would act on what they have changed since (a Give Referral
  // pressed on an empty form, then the form filled in, sent it half filled). Only their own events count
  // (isTrusted), not those handed over here.
  const supersede = (event, element) => {
    if (!event.isTrusted || !(event.target instanceof Element) || !event.target.closest('#root')) return;
    for (let i = queue.length - 1; i >= 0; i--) {
      const entry = queue[i];
      if (!entry.act || entry.element === element) continue;
      queue.splice(i, 1);
      held.delete(entry.element);
    }
  };
  const pressed = (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    const target = event.target instanceof Element && event.target.closest('button, a[href]');
    if (!target || !early(target)) return null;
    if (target instanceof HTMLAnchorElement && (target.target || target.origin !== location.origin)) return null;
    return target;
  };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    document.addEventListener(type, (event) => {
      if (!pressed(event)) return;
      if (type === 'mousedown') event.preventDefault();
      event.stopPropagation();
    }, true);
  }
  const held = new Set();
  document.addEventListener('click', (event) => {
    const target = pressed(event);
    supersede(event, target || event.target);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.has(target)) return;
    held.add(target);
    const link = target instanceof HTMLAnchorElement;
    // The whole press again: some buttons act on its start (a menu opens on pointerdown).
    const press = () => {
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
        const Press = type.startsWith('pointer') ? PointerEvent : MouseEvent;
        target.dispatchEvent(new Press(type, { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse' }));
      }
      target.click();
    };
    later({
      element: target,
      run: () => held.delete(target) && press(),
      waitMs: link ? 5000 : 30000,
      giveUp: () => held.delete(target) && link && location.assign(target.href),
      act: true,
    });
  }, true);
  // A key that moves within a widget (a tab list's arrows) has no default action to wait for, unlike
  // Enter or Space on a button, whose click is held above.
  const moves = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (!moves.includes(event.key) || !early(target) || target.matches('input, textarea, select')) return;
    event.preventDefault();
    event.stopPropagation();
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    const init = { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true };
    later({
      element: target,
      run: () => target.dispatchEvent(new KeyboardEvent('keydown', init)),
      waitMs: 30000,
      act: true,
    });
  }, true);
  // What was typed or picked, by field: a controlled field is reset to React's value when it is adopted.
  const edited = new Map();
  const handOver = (field) => {
    const value = edited.get(field);
    edited.delete(field);
    // A file picked stays picked; React is only told.
    if (field.type === 'file') return field.dispatchEvent(new Event('change', { bubbles: true }));
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      return field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // React tells a change from the value it last saw: show it the painted one, then set the typed one
    // past its watch, as a keystroke would.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  for (const type of ['input', 'change']) {
    document.addEventListener(type, (event) => {
      const field = event.target;
      supersede(event, field);
      if (!early(field) || !field.matches('input:not([type=checkbox]):not([type=radio]), textarea, select')) return;
      event.stopPropagation();
      const waiting = edited.has(field);
      edited.set(field, field.value);
      if (!waiting)
        later({ element: field, run: () => handOver(field), waitMs: 30000, giveUp: () => edited.delete(field) });
    }, true);
  }
})();`;

/** The policy's source for the script above: the browser runs an inline script only if its hash is listed. */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** The script as the painted page's head carries it. */
export const EARLY_INPUT_TAG = `<script>${EARLY_INPUT_SCRIPT}</script>`;
