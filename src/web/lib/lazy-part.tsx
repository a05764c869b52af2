import {
  type ComponentType,
  createContext,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useState,
} from 'react';

/**
 * What one draw of a page on the server met. The lazy parts it drew add their module to `parts`: the page
 * names them, so the browser fetches them with the entry and loads them before it adopts the page
 * (main.tsx). Each boundary that drew its fallback instead of its content counts in `fallbacks`: the page is
 * not whole (a part whose code was not loaded, or one that threw while drawing).
 */
export interface PaintedDraw {
  parts: Set<string>;
  fallbacks: number;
}

export const PaintedDrawContext = createContext<PaintedDraw | undefined>(undefined);

type PartModule<P> = { default: ComponentType<P> };

interface Loader {
  load: () => Promise<unknown>;
  isLoaded: () => boolean;
}

const loaders = new Map<string, Loader>();

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
    useContext(PaintedDrawContext)?.parts.add(source);
    // Chosen once per mounted part: switching from the suspending form to the loaded one would remount it.
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(Drawn, props);
  }
  loaders.set(source, { load: loadOnce, isLoaded: () => loaded !== undefined });
  return LazyPart;
}

function FallbackNoted() {
  const draw = useContext(PaintedDrawContext);
  if (draw) draw.fallbacks++;
  return null;
}

/**
 * React's `Suspense` around lazy parts, which tells a server draw when it showed `fallback`: React draws a
 * boundary's fallback only when its content suspends or throws, and the server's `renderToString` does so
 * silently. Every boundary in the app is one of these (a test checks it).
 */
export function PartBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <>
          <FallbackNoted />
          {fallback}
        </>
      }
    >
      {children}
    </Suspense>
  );
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
    await Promise.all(known.map((source) => loaders.get(source)?.load()));
  }
}

/**
 * The parts among `sources` whose code is not loaded yet: a draw that met one drew its fallback there (the
 * server loads them and draws the page again).
 */
export const unloadedParts = (sources: Iterable<string>) =>
  [...sources].filter((source) => loaders.get(source)?.isLoaded() !== true);

/** Every part declared so far, by module (for the test that each names a real file). */
export const declaredParts = () => [...loaders.keys()];
