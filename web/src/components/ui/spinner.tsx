import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-16 text-fg-subtle', className)}>
      <span className="size-8 animate-spin rounded-full border-[3px] border-border-strong border-t-brand" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  );
}
