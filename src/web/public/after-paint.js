// Loads the app once a page the server painted is on screen (issue 49): the page is readable without
// it, so on a slow connection the stylesheet and the page's text come first and the app's code after.
// The server names the app's entry and the modules it imports on this script (src/server/http/spa.ts).
const boot = document.querySelector('script[data-app]');

// A button pressed before the app runs would do nothing: it is held, and the app presses it again
// once it has taken the page over (web/app/adopt-early-input.ts). Links work without the app.
const held = [];
const hold = (event) => {
  const button = event.target instanceof Element && event.target.closest('button');
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(button)) held.push(button);
};
document.addEventListener('click', hold, true);
window.takeEarlyClicks = () => {
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
