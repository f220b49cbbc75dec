import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A full-width landing section with a constrained inner column and an optional heading block. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  children,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  lead?: ReactNode;
  tone?: 'plain' | 'white' | 'dark';
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(tone === 'white' && 'bg-white', tone === 'dark' && 'bg-ink text-white', 'py-14 sm:py-20', className)}
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        {title && (
          <div className="mb-10 max-w-2xl">
            {eyebrow && (
              <p className={cn('text-sm font-semibold uppercase tracking-wide', tone === 'dark' ? 'text-emerald-300' : 'text-brand-700')}>{eyebrow}</p>
            )}
            <h2 id={headingId} className={cn('mt-2 text-2xl font-bold tracking-tight sm:text-3xl', tone === 'dark' ? 'text-white' : 'text-ink')}>
              {title}
            </h2>
            {lead && <p className={cn('mt-3 text-base sm:text-lg', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** A question and answer that opens in place (native <details>, no script needed). */
export function Faq({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm open:shadow">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-ink [&::-webkit-details-marker]:hidden">
        {question}
        <span aria-hidden className="text-xl leading-none text-slate-400 transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="mt-3 text-sm leading-relaxed text-slate-600">{children}</div>
    </details>
  );
}
