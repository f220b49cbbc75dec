import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A panel that slides over the page from the side (filters on a phone). A native modal <dialog>: the
 * browser traps focus, Escape closes it and focus returns to the button that opened it.
 */
export function Sheet({
  open,
  onClose,
  title,
  children,
  footer,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; the modal dialog closes on Escape natively
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself; keyboard users close with Escape or the button.
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className={cn('m-0 ml-auto h-dvh max-h-dvh w-full max-w-md bg-surface p-0 shadow-xl backdrop:bg-overlay open:flex open:flex-col', className)}
    >
      <div className="flex items-center justify-between border-b border-border px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold text-fg">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="rounded-md p-2 text-fg-muted hover:bg-surface-subtle" aria-label={`Close ${title.toLowerCase()}`}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{open && children}</div>
      {footer && <div className="border-t border-border px-4 py-3">{footer}</div>}
    </dialog>
  );
}
