import { Calculator, Receipt, SearchCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { ANALYSIS_KIND_COUNT_WORD, ETF_COUNT, STOCK_COUNT, SUPPORT_EMAIL } from '../../components/marketing/product-facts.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { AboutTheData } from '../../features/market/index.ts';

const principles = [
  {
    icon: Calculator,
    title: 'Numbers from code',
    text: 'Every figure we show comes straight from the source data. The ratios, scores and valuations of the analyses are computed by tested code; the writer only explains them, and a number it writes that is not among them is rejected.',
  },
  {
    icon: Receipt,
    title: 'Charged only on success',
    text: 'Tokens are reserved when an analysis starts and charged only when it is delivered. A failed analysis costs nothing, and re-opening a finished one is free.',
  },
  {
    icon: SearchCheck,
    title: 'Sources shown',
    text: 'Each figure carries its source, period and the date it is as of, so you can check it against the filing or price series yourself.',
  },
];

function AboutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function About() {
  return (
    <PageShell
      title="About Stockpilot"
      lead="A small team building stock analysis you can check — transparent about where every number comes from and what it costs."
    >
      <div className="space-y-14">
        <AboutSection id="who" title="Who we are">
          <div className="grid gap-6 text-fg-secondary md:grid-cols-2">
            <p className="leading-relaxed">
              We are a small team of engineers and long-time private investors. We built Stockpilot because the tools we used either buried us in raw numbers or
              handed us confident AI summaries we could not verify. We wanted both the numbers and a clear explanation — and a way to check one against the
              other.
            </p>
            <p className="leading-relaxed">
              Today Stockpilot shows prices, financial statements and ETF data for {STOCK_COUNT} large US stocks and {ETF_COUNT} widely held ETFs, each figure
              with its source, and {ANALYSIS_KIND_COUNT_WORD} kinds of analysis — overview, fundamental, technical, balance sheet, ETF and DCF — paid per use
              with tokens instead of a large flat subscription, so occasional investors pay little and heavy users get the volume they need. A copilot answers
              questions about the same data, citing each figure it uses.
            </p>
          </div>
        </AboutSection>

        <AboutSection id="principles" title="Our principles">
          <ul className="grid gap-4 md:grid-cols-3">
            {principles.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand-fg">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold text-fg">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-fg-muted">{text}</p>
              </li>
            ))}
          </ul>
        </AboutSection>

        <AboutSection id="business" title="How we make money">
          <div className="rounded-2xl border border-border bg-surface p-6 text-fg-secondary shadow-sm">
            <p className="leading-relaxed">
              Only from subscriptions and token purchases. We show no ads, take no commissions from brokers or fund issuers, and never sell your data. That
              keeps our incentive simple: analyses worth paying for again.
            </p>
            <p className="mt-3 text-sm text-fg-subtle">
              Details:{' '}
              <Link to="/pricing" className="font-medium text-brand-fg underline">
                pricing
              </Link>
              ,{' '}
              <Link to="/terms-of-service" className="font-medium text-brand-fg underline">
                terms
              </Link>{' '}
              and{' '}
              <Link to="/privacy-policy" className="font-medium text-brand-fg underline">
                privacy policy
              </Link>
              .
            </p>
          </div>
        </AboutSection>

        <AboutSection id="not-advice" title="What we are not">
          <p className="max-w-3xl leading-relaxed text-fg-secondary">
            Stockpilot is not an investment adviser or a broker. Analyses are educational: they describe what the data says under stated formulas and
            assumptions, not what you should buy or sell.
          </p>
        </AboutSection>

        {/* Further sections (e.g. "About the data") are appended here, before the contact call to action. */}
        <AboutTheData />

        <section
          aria-labelledby="about-contact"
          className="flex flex-col gap-4 rounded-2xl dark bg-surface p-6 text-fg sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="about-contact" className="text-xl font-semibold">
              Talk to us
            </h2>
            <p className="mt-1 text-fg-subtle">
              Questions, corrections or ideas:{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-fg underline">
                {SUPPORT_EMAIL}
              </a>
            </p>
          </div>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            Contact us
          </ButtonLink>
        </section>
      </div>
    </PageShell>
  );
}
