// Loads the app once a page the server painted is on screen (issue 49): the page is readable without
// it, so on a slow connection the stylesheet and the page's text come first and the app's code after.
// The server names the app's entry and the modules it imports on this script (src/server/http/spa.ts);
// presses made before the app runs are held by the page's own head (src/server/http/early-input.ts).
const boot = document.querySelector('script[data-app]');
const modules = boot.dataset.preload.split(' ').filter(Boolean);

// A module preload costs the page a few milliseconds to start (7 ms each at 4x slowdown, measured), so
// a dashboard's 57 at once held the main thread for 400 ms: they are named a few per task instead.
const PER_TASK = 3;
const preloadSome = () => {
  for (const href of modules.splice(0, PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (modules.length > 0) setTimeout(preloadSome);
};

requestAnimationFrame(() =>
  setTimeout(() => {
    import(boot.dataset.app);
    preloadSome();
  }),
);
