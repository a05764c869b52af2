// Loads the app once a page the server painted is on screen (issue 49): the page is readable without
// it, so on a slow connection the stylesheet and the page's text come first and the app's code after.
// The server names the app's entry and the modules it imports on this script (src/server/http/spa.ts).
const boot = document.querySelector('script[data-app]');

// A button pressed before the app runs would do nothing, and a link would leave before the page has
// done what it does on the way out (the directory remembers its search): each is held, and the app
// presses it again once it has taken the page over (web/app/adopt-early-input.ts). A held link still
// goes if the app has not come within a few seconds; a link to a new tab or window is never held.
const LINK_FALLBACK_MS = 5000;
const held = [];
let taken = false;
const hold = (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element && event.target.closest('button, a[href]');
  if (
    !target ||
    (target instanceof HTMLAnchorElement && (target.target || target.origin !== location.origin))
  )
    return;
  event.preventDefault();
  event.stopPropagation();
  if (held.includes(target)) return;
  held.push(target);
  if (target instanceof HTMLAnchorElement)
    setTimeout(() => {
      if (!taken) location.assign(target.href);
    }, LINK_FALLBACK_MS);
};
document.addEventListener('click', hold, true);
window.takeEarlyClicks = () => {
  taken = true;
  document.removeEventListener('click', hold, true);
  return held.splice(0);
};

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
