import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Tone = 'info' | 'success' | 'warning' | 'error';
const tones: Record<Tone, string> = {
  info: 'border-info-muted bg-info-soft text-info-strong',
  success: 'border-positive-muted bg-positive-soft text-positive-strong',
  warning: 'border-warning-muted bg-warning-soft text-warning-strong',
  error: 'border-negative-muted bg-negative-soft text-negative-strong',
};

export function Alert({ tone = 'info', title, children, className }: { tone?: Tone; title?: string; children?: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : ''}>{children}</div>}
    </div>
  );
}
