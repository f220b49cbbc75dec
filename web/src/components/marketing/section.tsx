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
      className={cn(tone === 'white' && 'bg-surface', tone === 'dark' && 'dark bg-surface text-fg', 'py-14 sm:py-20', className)}
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        {title && (
          <div className="mb-10 max-w-2xl">
            {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-fg">{eyebrow}</p>}
            <h2 id={headingId} className="mt-2 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
              {title}
            </h2>
            {lead && <p className={cn('mt-3 text-base sm:text-lg', tone === 'dark' ? 'text-fg-subtle' : 'text-fg-muted')}>{lead}</p>}
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
    <details className="group rounded-xl border border-border bg-surface px-5 py-4 shadow-sm open:shadow">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-fg [&::-webkit-details-marker]:hidden">
        {question}
        <span aria-hidden className="text-xl leading-none text-fg-subtle transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="mt-3 text-sm leading-relaxed text-fg-muted">{children}</div>
    </details>
  );
}
