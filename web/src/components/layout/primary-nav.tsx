import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss.ts';

/**
 * The product's tools, reachable from every page: in the top bar on wide screens (1536 px and up), behind
 * "Menu" on narrower ones (a phone had no navigation at all). At 1280 px a stock page's header (symbol, name,
 * price, change), the bell, the token balance and the avatar leave no room for eight links: inline they ran
 * over the price. Pricing and About join them in the menu; on wide screens they are in the footer.
 */
export const PRIMARY_NAV: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/advanced-market-screener', label: 'Screener' },
  { to: '/smart-watchlist', label: 'Watchlist' },
  { to: '/dcf-stock-valuation', label: 'DCF' },
  { to: '/smart-yield', label: 'Smart Yield' },
  { to: '/advanced-fundamentals', label: 'Scorecards' },
  { to: '/compare', label: 'Compare' },
  { to: '/copilot', label: 'Copilot' },
  { to: '/track-record', label: 'Track record' },
];
const MENU_EXTRAS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-2 text-sm ${isActive ? 'bg-surface-subtle font-medium text-fg' : 'text-fg-muted hover:bg-surface-subtle hover:text-fg'}`;

/** The tools inline, on screens wide enough for them beside the page title or stock header (1536 px and up). */
export function PrimaryNavLinks() {
  return (
    <ul className="hidden items-center gap-0.5 2xl:flex">
      {PRIMARY_NAV.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} className={linkClass}>
            {l.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** "Menu" below 1536 px: a disclosure listing every tool, closed by a choice, Escape or a click elsewhere. */
export function PrimaryNavMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is exactly when the menu closes
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, () => setOpen(false), [panelRef, buttonRef], { returnFocus: buttonRef });
  return (
    <div className="2xl:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm text-fg-secondary hover:bg-surface-subtle"
      >
        {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        {/* On a phone the icon alone: the word took the room a stock page's price needs, which then ran over it. */}
        <span className="max-sm:sr-only">Menu</span>
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className="absolute inset-x-0 top-full border-b border-border bg-surface shadow-lg">
          <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-1 px-3 py-3 sm:grid-cols-4 sm:px-6">
            {[...PRIMARY_NAV, ...MENU_EXTRAS].map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={(s) => `block ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
