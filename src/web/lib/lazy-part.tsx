import { type ComponentType, createContext, createElement, lazy, useContext, useState } from 'react';

/**
 * While the server paints a page, the lazy parts it draws add their module here: the page names them, so
 * the browser fetches them with the entry and loads them before it adopts the page (main.tsx).
 */
export const PaintedPartsContext = createContext<Set<string> | undefined>(undefined);

type PartModule<P> = { default: ComponentType<P> };

const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A component whose code loads on demand, like `React.lazy`, that can also be loaded ahead (`loadParts`).
 * Once loaded it draws at once, without suspending: a painted page whose parts are loaded before hydration
 * is adopted whole, so a press or a keystroke on any of its parts reaches React (docs/decisions/0043).
 * `source`: the module as the build's manifest names it, from src/web/ (a test checks each one exists).
 */
export function lazyPart<P extends object>(source: string, load: () => Promise<PartModule<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<PartModule<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download may succeed on the next try (a page that opens the part again).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(loadOnce);
  function LazyPart(props: P) {
    useContext(PaintedPartsContext)?.add(source);
    // Chosen once per mounted part: switching from the suspending form to the loaded one would remount it.
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(Drawn, props);
  }
  loaders.set(source, loadOnce);
  return LazyPart;
}

/**
 * Loads the named parts. A part declared inside another part's module is known once that module has loaded,
 * so this goes round until every named part is loaded or none of those left is known. A part that fails to
 * load rejects; the page still works, its part loading on demand.
 */
export async function loadParts(sources: readonly string[]): Promise<void> {
  const waiting = new Set(sources);
  for (;;) {
    const known = [...waiting].filter((source) => loaders.has(source));
    if (known.length === 0) return;
    for (const source of known) waiting.delete(source);
    await Promise.all(known.map((source) => loaders.get(source)?.()));
  }
}

/** Every part declared so far, by module (for the test that each names a real file). */
export const declaredParts = () => [...loaders.keys()];
