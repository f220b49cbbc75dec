import { type RefObject, useEffect, useRef } from 'react';

/**
 * Closes a popover (menu, panel, chooser) on a mouse press outside it and, unless `escape` is false, on Escape,
 * then gives focus back to `returnFocus` (the button that opened it) when given. One hook for the four
 * popovers that each wrote their own listeners.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  options: { escape?: boolean; returnFocus?: RefObject<HTMLElement | null> } = {},
): void {
  // The latest arguments, read by listeners subscribed once per opening.
  const latest = useRef({ close, inside, options });
  latest.current = { close, inside, options };
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!latest.current.inside.some((r) => r.current?.contains(target))) latest.current.close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || latest.current.options.escape === false) return;
      latest.current.close();
      latest.current.options.returnFocus?.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
}
