import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `open`: the browser traps focus, makes the page
 * behind inert, closes on Escape and returns focus to what opened it. Put the ref on the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
