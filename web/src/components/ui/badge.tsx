import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

type Tone = 'neutral' | 'brand' | 'warning' | 'danger' | 'info';
const tones: Record<Tone, string> = {
  neutral: 'bg-surface-subtle text-fg-secondary',
  brand: 'bg-brand-muted text-brand-fg',
  warning: 'bg-warning-muted text-warning',
  danger: 'bg-negative-muted text-negative',
  info: 'bg-info-muted text-info',
};

export const Badge = ({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) => (
  <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone], className)} {...rest} />
);
