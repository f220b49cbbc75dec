import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Above the anchor, starting at its left edge — or, in the right half of the screen, ending at its right edge — so a
 * tip by the window's edge never runs past it.
 */
const placeAbove = (r: DOMRect) => {
  const alignRight = r.left + r.width / 2 > window.innerWidth / 2;
  return { x: alignRight ? r.right : r.left, y: r.top, alignRight };
};

/**
 * A short text shown on hover and on keyboard focus (WCAG 1.4.13: it stays while the pointer is over it and
 * Escape dismisses it), named to assistive technology through `aria-describedby`; a tap toggles it. A `title`
 * attribute reaches neither keyboard nor touch users. Drawn in a portal with fixed coordinates, so a table's scroll box never clips it.
 */
export function Tooltip({ content, children, className }: { content: string; children: ReactNode; className?: string }) {
  const id = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number; alignRight: boolean } | null>(null);
  // Leaving the anchor hides after a moment, so the pointer can move onto the tip itself (which keeps it).
  const leaving = useRef<number | undefined>(undefined);
  const show = () => {
    window.clearTimeout(leaving.current);
    const r = anchor.current?.getBoundingClientRect();
    if (r) setAt(placeAbove(r));
  };
  const hide = () => {
    window.clearTimeout(leaving.current);
    setAt(null);
  };
  const hideSoon = () => {
    window.clearTimeout(leaving.current);
    leaving.current = window.setTimeout(() => setAt(null), 150);
  };
  useEffect(() => () => window.clearTimeout(leaving.current), []);
  useEffect(() => {
    if (!at) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setAt(null);
    };
    // A scroll moves the anchor under the fixed tip (focusing it may scroll it into view): the tip follows it.
    const onScroll = () => {
      const r = anchor.current?.getBoundingClientRect();
      if (r) setAt(placeAbove(r));
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [at]);
  return (
    <>
      {/* A button: reachable by keyboard, and a tap (no hover on a phone) toggles the tip. */}
      <button
        ref={anchor}
        type="button"
        aria-describedby={at ? id : undefined}
        onMouseEnter={show}
        onMouseLeave={hideSoon}
        onFocus={show}
        onBlur={hide}
        onClick={() => (at ? hide() : show())}
        className={`cursor-default rounded bg-transparent p-0 focus-visible:outline-2 focus-visible:outline-focus ${className ?? ''}`}
      >
        {children}
      </button>
      {at &&
        createPortal(
          <span
            id={id}
            role="tooltip"
            style={{ left: at.x, top: at.y }}
            onMouseEnter={() => window.clearTimeout(leaving.current)}
            onMouseLeave={hide}
            className={`fixed z-50 w-max max-w-[min(20rem,calc(100vw-16px))] -translate-y-full rounded-md bg-inverse px-2 py-1 text-xs text-on-inverse shadow-lg [margin-top:-6px] ${at.alignRight ? '-translate-x-full' : ''}`}
          >
            {content}
          </span>,
          document.body,
        )}
    </>
  );
}
