import type { ReactNode } from 'react';
import { PageShell } from '../layout/page-shell.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long legal text: title, "Last updated", a table of contents and numbered sections. */
export function LegalDocument({ title, lead, lastUpdated, sections }: { title: string; lead: ReactNode; lastUpdated: string; sections: LegalSection[] }) {
  return (
    <PageShell title={title} lead={lead}>
      <p className="-mt-4 mb-8 text-sm text-fg-subtle">
        Last updated: <time dateTime={lastUpdated}>{lastUpdated}</time>
      </p>
      <div className="grid gap-8 lg:grid-cols-[14rem_1fr] lg:gap-12">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <details className="rounded-xl border border-border bg-surface p-4 lg:hidden">
            <summary className="cursor-pointer text-sm font-semibold text-fg">On this page</summary>
            <Toc sections={sections} />
          </details>
          <div className="hidden lg:block">
            <p className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">On this page</p>
            <Toc sections={sections} />
          </div>
        </nav>
        <article className="min-w-0 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-8">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-24 border-border-subtle py-6 first:pt-0 last:pb-0 [&+&]:border-t">
              <h2 id={`${s.id}-h`} className="text-lg font-semibold text-fg">
                <span className="tabular mr-2 text-fg-subtle">{i + 1}.</span>
                {s.title}
              </h2>
              <div className="legal-body mt-3 space-y-3 text-[15px] leading-relaxed text-fg-secondary [&_a]:font-medium [&_a]:text-brand-fg [&_a]:underline [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-fg [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
                {s.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </PageShell>
  );
}

function Toc({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="mt-3 space-y-1.5 text-sm">
      {sections.map((s, i) => (
        <li key={s.id}>
          <a href={`#${s.id}`} className="flex gap-2 text-fg-muted hover:text-brand-fg">
            <span className="tabular w-5 shrink-0 text-fg-subtle">{i + 1}.</span>
            {s.title}
          </a>
        </li>
      ))}
    </ol>
  );
}
