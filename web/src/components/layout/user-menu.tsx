import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getAvatarFallback } from '../../lib/avatar.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';

interface UserMenuProps {
  fullName: string;
  email: string;
  avatarUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  showTokenPricing: boolean;
  onSignOut: () => void;
}

export function Avatar({ url, fallback, size = 36 }: { url: string | null; fallback: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return url && !broken ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
      onError={() => setBroken(true)}
    />
  ) : (
    <span
      className="inline-flex items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
      style={{ width: size, height: size }}
      aria-hidden
    >
      {fallback}
    </span>
  );
}

/** The signed-in user menu of SPEC §1, keyboard-operable (Enter/Space opens, arrows move, Escape closes). */
export function UserMenu(props: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const fallback = getAvatarFallback({ firstName: props.firstName, lastName: props.lastName, email: props.email });

  useEffect(() => {
    if (!open) return;
    const first = menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
  }, [open]);
  // Escape is the menu's own key handling (it moves focus back to the button).
  useDismiss(open, () => setOpen(false), [menuRef, buttonRef], { escape: false });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const item = 'block w-full rounded-md px-3 py-2 text-left text-sm text-fg-secondary hover:bg-surface-subtle focus:bg-surface-subtle focus:outline-none';
  const close = () => setOpen(false);
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="flex items-center rounded-full focus-visible:outline-2"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // The name contains the visible initials (WCAG 2.5.3, label in name) so voice control can say them.
        aria-label={`Open user menu, ${fallback}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar url={props.avatarUrl} fallback={fallback} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-border bg-surface p-1.5 shadow-lg"
        >
          <div className="border-b border-border-subtle px-3 py-2">
            <p className="truncate text-sm font-semibold">{props.fullName || props.email}</p>
            <p className="truncate text-xs text-fg-subtle">{props.email}</p>
          </div>
          <div className="pt-1">
            <Link role="menuitem" to="/dashboard" className={item} onClick={close}>
              Dashboard
            </Link>
            {props.showTokenPricing && (
              <Link role="menuitem" to="/token-pricing" className={item} onClick={close}>
                Token Pricing
              </Link>
            )}
            <Link role="menuitem" to="/coming-soon" className={item} onClick={close}>
              Coming Soon
            </Link>
            <Link role="menuitem" to="/profile" className={item} onClick={close}>
              Profile
            </Link>
            <Link role="menuitem" to="/settings" className={item} onClick={close}>
              Settings
            </Link>
            <button
              role="menuitem"
              type="button"
              className={`${item} text-negative`}
              onClick={() => {
                close();
                props.onSignOut();
              }}
            >
              Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
