// Loads the app once a page the server painted is on screen (issue 49): the page is readable without
// it, so on a slow connection the stylesheet and the page's text come first and the app's code after.
// The server names the app's entry and the modules it imports on this script (src/server/http/spa.ts);
// presses made before the app runs are held by the page's own head (src/server/http/early-input.ts).
const boot = document.querySelector('script[data-app]');

requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of boot.dataset.preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    import(boot.dataset.app);
  }),
);
