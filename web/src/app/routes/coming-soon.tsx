import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { roadmapIcons } from '../../components/marketing/roadmap-icons.ts';
import { roadmap } from '../../components/marketing/roadmap.ts';
import { ANALYSIS_KIND_COUNT_WORD, SUPPORT_EMAIL } from '../../components/marketing/product-facts.ts';

export default function ComingSoon() {
  return (
    <PageShell
      title="Coming Soon"
      lead={`Beyond the ${ANALYSIS_KIND_COUNT_WORD} analyses and the copilot (priced on the home page): ${
        roadmap.every((item) => item.live) ? 'every tool here works today' : 'the tools marked Live work today, the rest is what we are building next'
      }. Each follows the same rules: numbers from code, sources shown, tokens charged only on success.`}
    >
      <ol className="grid gap-4 md:grid-cols-2">
        {roadmap.map((item) => {
          const Icon = roadmapIcons[item.path];
          return (
            <li
              key={item.path}
              className="group relative flex flex-col rounded-2xl border border-border bg-surface p-6 shadow-sm transition hover:border-brand hover:shadow-md"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand-fg">
                  {Icon && <Icon className="size-5" aria-hidden />}
                </span>
                <span className="flex flex-wrap justify-end gap-1.5">
                  {item.live && <span className="rounded-full bg-positive-muted px-2.5 py-0.5 text-xs font-semibold text-positive-strong">Live</span>}
                  <span className="rounded-full bg-surface-subtle px-2.5 py-0.5 text-xs font-medium text-fg-muted">{item.plan}</span>
                </span>
              </div>
              <h2 className="mt-4 text-lg font-semibold text-fg">{item.title}</h2>
              <p className="mt-1 text-sm font-medium text-fg-secondary">{item.tagline}</p>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-fg-muted">{item.summary}</p>
              <Link
                to={item.path}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-fg after:absolute after:inset-0 after:rounded-2xl group-hover:underline"
              >
                {item.path === '/api-docs' ? 'Read the API reference' : item.live ? `Open ${item.title}` : `Preview ${item.title}`}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </li>
          );
        })}
      </ol>
      <p className="mt-8 rounded-2xl border border-dashed border-border-strong bg-surface p-5 text-sm text-fg-muted">
        Missing something you need? Tell us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Feature request')}`} className="font-medium text-brand-fg underline">
          {SUPPORT_EMAIL}
        </a>{' '}
        — requests from users decide what we build first.
      </p>
    </PageShell>
  );
}
