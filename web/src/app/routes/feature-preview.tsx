import { ArrowRight, Bell, Check, Info } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { previewIllustrations } from '../../components/marketing/preview-illustrations.tsx';
import { SUPPORT_EMAIL } from '../../components/marketing/product-facts.ts';
import { getRoadmapItem, roadmap } from '../../components/marketing/roadmap.ts';
import { buttonClass, ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/index.ts';

/** One page for the five feature previews of SPEC §2; the path picks the roadmap item. */
export default function FeaturePreview() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const item = getRoadmapItem(pathname) ?? roadmap[0]!;
  const Illustration = previewIllustrations[item.path];
  const notifyHref = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Notify me: ${item.title}`)}&body=${encodeURIComponent(
    `Please e-mail me when ${item.title} is available.`,
  )}`;
  const others = roadmap.filter((r) => r.path !== item.path && r.path !== '/api-docs');

  return (
    <PageShell
      title={item.title}
      lead={item.tagline}
      header={{ back: { label: 'Coming Soon', to: '/coming-soon' } }}
      actions={<span className="self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800 sm:self-end">In development</span>}
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_26rem]">
        <div>
          <p className="text-lg leading-relaxed text-slate-700">{item.summary}</p>
          <h2 className="mt-8 text-sm font-semibold uppercase tracking-wide text-brand-700">What it will do</h2>
          <ul className="mt-4 space-y-4">
            {item.capabilities.map((c) => (
              <li key={c.title} className="flex gap-3">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Check className="size-4" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{c.title}</h3>
                  <p className="mt-0.5 text-sm leading-relaxed text-slate-600">{c.detail}</p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-8 grid gap-3 sm:grid-cols-2">
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Plans</dt>
              <dd className="mt-1 text-sm font-medium text-ink">{item.plan}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Cost</dt>
              <dd className="mt-1 text-sm font-medium text-ink">{item.billing}</dd>
            </div>
          </dl>
          {item.availableNow && (
            <p className="mt-4 flex gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              {item.availableNow}
            </p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={notifyHref} className={buttonClass('secondary', 'lg')}>
              <Bell className="size-4" aria-hidden />
              Notify me
            </a>
            {user ? (
              <ButtonLink to="/dashboard" variant="outline" size="lg">
                Back to dashboard
              </ButtonLink>
            ) : (
              <ButtonLink to="/signup" variant="outline" size="lg">
                Get started free
              </ButtonLink>
            )}
          </div>
          <p className="mt-2 text-xs text-slate-500">“Notify me” opens an e-mail to {SUPPORT_EMAIL}; we write back once, on launch.</p>
        </div>
        <div className="lg:pt-1">{Illustration && <Illustration />}</div>
      </div>

      <nav aria-labelledby="more-coming" className="mt-14 border-t border-slate-200 pt-8">
        <h2 id="more-coming" className="text-lg font-semibold text-ink">
          Also coming
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {others.map((o) => (
            <li key={o.path}>
              <Link to={o.path} className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500">
                <span className="font-medium text-ink group-hover:text-brand-700">
                  {o.title} <ArrowRight className="inline size-4 align-[-2px]" aria-hidden />
                </span>
                <span className="mt-1 text-sm text-slate-600">{o.tagline}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/coming-soon" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          See the whole roadmap
        </Link>
      </nav>
    </PageShell>
  );
}
