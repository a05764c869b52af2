// Loads the app once a page the server painted is on screen (issue 49): the page is readable without
// it, so on a slow connection the stylesheet and the page's text come first and the app's code after.
// The server names the app's entry and the modules it imports on this script (src/server/http/spa.ts);
// presses made before the app runs are held by the page's own head (src/server/http/early-input.ts).
const boot = document.querySelector('script[data-app]');
const named = (list) => (list ?? '').split(' ').filter(Boolean);
// The entry first: it is the largest, and it is imported only once the modules below have run.
const modules = [boot.dataset.app, ...named(boot.dataset.preload)];
// Modules that need nothing from the app (its rules and schemas), each after what it imports.
const early = named(boot.dataset.early);

// A module preload costs the page a few milliseconds to start (3 to 25 ms each at 4x slowdown, the first
// the dearest), so a dashboard's 57 at once held the main thread for 400 ms: two are named per task.
const PER_TASK = 2;
const preloadSome = () => {
  for (const href of modules.splice(0, PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (modules.length > 0) setTimeout(preloadSome);
};

// Run one at a time, in tasks of their own, before the app starts: otherwise each runs inside the one long
// task that starts the code importing it (a dashboard tab's schemas: 650 ms at 4x slowdown, in one piece).
// They are small: the app's larger code, preloaded meanwhile, is mostly still on its way.
const start = async () => {
  preloadSome();
  for (const href of early) {
    await import(href).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve));
  }
  import(boot.dataset.app);
};

// Once the page's first frame is shown: its paint entry is reported when the frame is presented, later than
// a requestAnimationFrame callback (which runs before its frame is drawn). Started from there, the app's
// requests went out before the text was on screen, and Lighthouse counted them in the page's LCP (1.0 s in
// some runs, 1.9 s in others, for the same page). A browser without paint timing starts a second later.
let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  setTimeout(start);
};
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startOnce();
  }).observe({ type: 'paint', buffered: true });
} catch {
  // No paint timing here: the fallback below starts the app.
}
requestAnimationFrame(() => setTimeout(startOnce, 1000));
