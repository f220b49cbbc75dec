import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The native select, styled as the inputs are (height, border, focus ring, invalid state): a native control keeps
 * the keyboard, the screen reader and the phone's own picker, which a custom listbox would have to rebuild.
 */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...rest }, ref) => (
  <select
    ref={ref}
    className={cn(
      'h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted disabled:opacity-60 aria-[invalid=true]:border-negative',
      className,
    )}
    {...rest}
  />
));
Select.displayName = 'Select';
