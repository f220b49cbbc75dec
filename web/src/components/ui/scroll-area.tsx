import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A horizontally scrolling region (wide tables, code) that keyboard users can reach and scroll with the
 * arrow keys (WCAG 2.1.1, axe scrollable-region-focusable): focusable, and named, so a screen reader
 * announces it as a region saying what it holds.
 */
export const ScrollArea = ({ label, className, ...rest }: HTMLAttributes<HTMLElement> & { label: string }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled without a mouse.
  <section aria-label={label} tabIndex={0} className={cn('overflow-x-auto rounded-sm focus-visible:outline-2', className)} {...rest} />
);
