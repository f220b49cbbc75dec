import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-16 text-slate-500', className)}>
      <span className="size-8 animate-spin rounded-full border-[3px] border-slate-300 border-t-brand-600" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  );
}
