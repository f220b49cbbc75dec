import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A centred modal: the native <dialog> opened with `showModal` while `open` (focus moves in and returns, Escape
 * closes, the page behind is inert), titled and described by ids inside it. `width` is its widest, e.g. "30rem";
 * on a phone it keeps a 1 rem margin each side.
 */
export function ModalDialog({
  open,
  onClose,
  titleId,
  bodyId,
  width,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  bodyId?: string;
  width: '28rem' | '30rem' | '34rem';
  testId?: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  // Literal classes per width: Tailwind only generates classes it finds written out.
  const widths = { '28rem': 'w-[min(28rem,calc(100vw-2rem))]', '30rem': 'w-[min(30rem,calc(100vw-2rem))]', '34rem': 'w-[min(34rem,calc(100vw-2rem))]' };
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className={cn('m-auto rounded-xl border border-border p-0 shadow-xl backdrop:bg-overlay', widths[width])}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}
