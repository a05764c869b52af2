/** A panel of the page a keyboard user can jump to: its element's id and what the link says. */
export interface PanelLink {
  panelId: string;
  label: string;
}

/** A panel's field comes before its buttons (a form's tabs, its Clear): what a skip link is taken for. */
const FIELD =
  '[role="combobox"]:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const CONTROL = 'button:not([disabled]), a[href], [tabindex="0"]';

/**
 * Moves focus to the panel's first field, else its first control (its first Approve), so the next key acts
 * there; a panel with neither takes focus itself. The link's own jump (its href) is what happens without
 * scripts.
 */
function focusPanel(panelId: string): boolean {
  const panel = document.getElementById(panelId);
  if (!panel) return false;
  const target =
    panel.querySelector<HTMLElement>(FIELD) ?? panel.querySelector<HTMLElement>(CONTROL) ?? panel;
  if (target === panel && !panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView({ block: 'center' });
  return true;
}

const linkClass =
  'sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2';

/**
 * The page's skip links, first in the tab order: to the main content, then to each panel of the page
 * (a dashboard tab's forms and lists), each landing on that panel's first field or control. Drawn from the
 * address, so the painted page and the app draw the same links.
 */
export function SkipLinks({ panels }: { panels: readonly PanelLink[] }) {
  return (
    <nav aria-label="Skip links">
      <a href="#main" className={linkClass}>
        Skip to content
      </a>
      {panels.map((p) => (
        <a
          key={p.panelId}
          href={`#${p.panelId}`}
          className={linkClass}
          onClick={(event) => {
            if (focusPanel(p.panelId)) event.preventDefault();
          }}
        >
          {p.label}
        </a>
      ))}
    </nav>
  );
}
